import {
  messageResponseSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  pushKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionDeleteSchema,
  unreadCountSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** The notification centre of every signed-in person (issue 33): the bell, preferences, Web Push opt-in. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.notifications;
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.list(requireAuth(request).userId, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of your notifications are unread (the bell’s badge)',
        response: { 200: unreadCountSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ unread: await service.unreadCount(requireAuth(request).userId) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: notificationIdParamsSchema,
        response: { 200: unreadCountSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      await service.markRead(userId, request.params.id);
      return { unread: await service.unreadCount(userId) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Mark all your notifications read',
        response: { 200: unreadCountSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      await service.markAllRead(requireAuth(request).userId);
      return { unread: 0 };
    },
  );

  app.get(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Which notifications you get by push and e-mail, and your quiet hours',
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.preferences(requireAuth(request).userId),
  );

  app.put(
    '/api/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Change your notification preferences (the fields sent)',
        body: notificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.updatePreferences(requireAuth(request).userId, request.body),
  );

  app.get(
    '/api/notifications/push-key',
    {
      schema: {
        tags,
        summary: 'The server’s Web Push (VAPID) public key; null when push is not set up',
        response: { 200: pushKeySchema, ...errorResponses(401) },
      },
    },
    async () => ({ public_key: app.services.pushPublicKey }),
  );

  app.post(
    '/api/notifications/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Send notifications to this browser (its PushSubscription)',
        body: pushSubscriptionBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await service.subscribe(
        requireAuth(request).userId,
        request.body,
        request.headers['user-agent'] ?? null,
      );
      return { message: 'Push notifications are on for this browser' };
    },
  );

  app.delete(
    '/api/notifications/push-subscriptions',
    {
      schema: {
        tags,
        summary: 'Stop sending notifications to this browser',
        body: pushSubscriptionDeleteSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await service.unsubscribe(requireAuth(request).userId, request.body.endpoint);
      return { message: 'Push notifications are off for this browser' };
    },
  );
};
