import {
  idParamsSchema,
  messageResponseSchema,
  roomInputSchema,
  roomListQuerySchema,
  roomListSchema,
  roomResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAsCaller, requireHomeScope } from '../../plugins/auth.ts';
import { homeScopeOf } from '../../policy/scope.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { ROOMS_MESSAGES } from './service.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** An owner's rooms: list (with each room's devices), create, rename/retype, delete. */
export const roomsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.rooms;
  const tags = ['owner rooms'];

  app.get(
    '/api/rooms',
    {
      config: { sessionInRead: true },
      schema: {
        tags,
        summary: "The caller's rooms, newest first (or by name), each with its devices",
        querystring: roomListQuerySchema,
        response: { 200: roomListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => readAsCaller(request, homeScopeOf, (scope) => service.list(scope, request.query)),
  );

  app.post(
    '/api/rooms',
    {
      schema: {
        tags,
        summary:
          'Create a room (type defaults to bedroom); a name the home already has, in any letter case, is 409',
        body: roomInputSchema,
        response: { 201: roomResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const room = await service.create(requireHomeScope(request), request.body, auditContextOf(request));
      return reply.code(201).send({ room });
    },
  );

  app.put(
    '/api/rooms/:id',
    {
      schema: {
        tags,
        summary: 'Rename or retype a room',
        params: idParamsSchema,
        body: roomInputSchema,
        response: { 200: roomResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      room: await service.update(
        requireHomeScope(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      ),
    }),
  );

  app.delete(
    '/api/rooms/:id',
    {
      schema: {
        tags,
        summary: 'Delete a room; its devices stay, unassigned',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(requireHomeScope(request), request.params.id, auditContextOf(request));
      return { message: ROOMS_MESSAGES.deleted };
    },
  );
};
