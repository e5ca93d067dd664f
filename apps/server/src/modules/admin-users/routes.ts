import {
  adminUserCreateSchema,
  adminUserIdParamsSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserResponseSchema,
  adminUserUpdateSchema,
  endSessionsResponseSchema,
  messageResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { auditContextOf } from '../audit/audit-log.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** Spec section 7 "Admin": users — list (search, filters, pages), add, edit, delete, end sessions. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminUsers;
  const tags = ['admin users'];

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary:
          'Users, newest first: search by part of the name or e-mail (any case), filter by role and status',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/admin/users',
    {
      schema: {
        tags,
        summary: 'Add a user (role defaults to 2, owner); e-mail and username must be free',
        body: adminUserCreateSchema,
        response: { 201: adminUserResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ user: await service.create(request.body, auditContextOf(request)) }),
  );

  app.put(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary:
          "Edit a user: details, role and status; a role change or deactivation ends the user's sessions",
        description:
          'An admin cannot demote or deactivate themself (403), and the last active admin stays one (409).',
        params: adminUserIdParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      user: await service.update(
        requireAuth(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags,
        summary: "Delete a user; an owner's devices stay and become available",
        description: 'An admin cannot delete themself (403), nor the last active admin (409).',
        params: adminUserIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: await service.remove(requireAuth(request), request.params.id, auditContextOf(request)),
    }),
  );

  app.post(
    '/api/admin/users/:id/sessions/revoke',
    {
      schema: {
        tags,
        summary: 'End every session of a user (your own: all but this one)',
        params: adminUserIdParamsSchema,
        response: { 200: endSessionsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.endSessions(requireAuth(request), request.params.id, auditContextOf(request)),
  );
};
