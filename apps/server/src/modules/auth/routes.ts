import {
  csrfResponseSchema,
  currentUserResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  refreshResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken, requireAuth, requireAuthUser } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';
import { presentUser } from '../users/presenter.ts';
import { AUTH_MESSAGES } from './service.ts';

/** Spec section 7 "Auth": CSRF token, login, current user, refresh; plus logout (revokes the session). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.auth;
  const tags = ['auth'];

  app.get(
    '/auth/csrf-token',
    {
      schema: {
        tags,
        summary: 'Issue a CSRF token (and its HttpOnly cookie) for mutating calls',
        response: { 200: csrfResponseSchema },
      },
    },
    async (request, reply) => ({ csrf_token: app.csrf.issue(request, reply) }),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      // The consent screen is on the web origin the browser signed in from (one of the product's own).
      const origin = request.headers.origin;
      const webOrigin = origin && app.config.webOrigins.includes(origin) ? origin : app.config.webOrigin;
      return service.login(request.body, auditContextOf(request), webOrigin);
    },
  );

  app.get(
    '/auth/current-user',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: currentUserResponseSchema, ...errorResponses(401) },
      },
    },
    // The row the auth hook read with the session, in this request: no second read of it.
    async (request) => ({ user: presentUser(requireAuthUser(request)) }),
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags,
        summary: 'Exchange a (possibly expired) token of a live session for a new one',
        response: { 200: refreshResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ token: await service.refresh(bearerToken(request)) }),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'End the current session (its tokens stop working at once)',
        response: { 200: messageResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.logout(auth.sessionId, auth.userId, auditContextOf(request));
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );
};
