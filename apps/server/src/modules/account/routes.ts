import {
  currentUserResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  passwordChangeSchema,
  profilePatchSchema,
  profileUpdateSchema,
  otherSessionsEndedSchema,
  sessionsResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Account settings of the signed-in user (every role): profile, password, sessions. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.account;
  const tags = ['account'];

  app.put(
    '/api/account/profile',
    {
      schema: {
        tags,
        summary: 'Update your name and mobile number',
        body: profileUpdateSchema,
        response: { 200: currentUserResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      user: await service.updateProfile(requireAuth(request).userId, request.body, auditContextOf(request)),
    }),
  );

  app.patch(
    '/api/account/profile',
    {
      schema: {
        tags,
        summary: 'Change some of your profile: name, mobile number, language (null: follow the browser)',
        body: profilePatchSchema,
        response: { 200: currentUserResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      user: await service.patchProfile(requireAuth(request).userId, request.body, auditContextOf(request)),
    }),
  );

  app.post(
    '/api/account/password',
    {
      schema: {
        tags,
        summary: 'Change your password (current password required); your other sessions end',
        body: passwordChangeSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({
      message: await service.changePassword(requireAuth(request), request.body, auditContextOf(request)),
    }),
  );

  app.get(
    '/api/account/sessions',
    {
      schema: {
        tags,
        summary: 'Your active sessions (the one making this request has current: true)',
        response: { 200: sessionsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ sessions: await service.listSessions(requireAuth(request)) }),
  );

  app.post(
    '/api/account/sessions/revoke-others',
    {
      schema: {
        tags,
        summary: 'Sign out all your other sessions (every one but the session making this request)',
        response: { 200: otherSessionsEndedSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => service.endOtherSessions(requireAuth(request), auditContextOf(request)),
  );

  app.delete(
    '/api/account/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one of your sessions',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      message: await service.endSession(requireAuth(request), request.params.id, auditContextOf(request)),
    }),
  );
};
