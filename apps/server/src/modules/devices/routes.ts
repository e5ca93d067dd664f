import {
  assignRoomSchema,
  createDeviceSchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceCreatedResponseSchema,
  telemetryQuerySchema,
  telemetryResponseSchema,
  deviceResponseSchema,
  gangNameSchema,
  gangParamsSchema,
  idParamsSchema,
  updateCheckSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAsCaller, requireHomeScope } from '../../plugins/auth.ts';
import { homeScopeOf } from '../../policy/scope.ts';
import { auditContextOf } from '../audit/audit-log.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** Spec section 7 "Owner and general": an owner's devices, their control, update checks and rooms. */
export const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.devices;
  const tags = ['owner devices'];

  app.get(
    '/api/devices',
    {
      config: { sessionInRead: true },
      schema: {
        tags,
        summary: "The caller's devices, newest first (filter by room_id — 'none' = in no room — and type)",
        querystring: deviceListQuerySchema,
        response: { 200: deviceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => readAsCaller(request, homeScopeOf, (scope) => service.list(scope, request.query)),
  );

  app.post(
    '/api/devices',
    {
      schema: {
        tags,
        summary: 'Add a device (it belongs to the caller); the serial number must be unique',
        body: createDeviceSchema,
        response: { 201: deviceCreatedResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await service.create(requireHomeScope(request), request.body, auditContextOf(request));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/devices/:id/telemetry',
    {
      schema: {
        tags,
        summary:
          "A device's readings for its chart: PM2.5 (average, min, max), PM10, temperature, humidity per bucket",
        description:
          'from/to: ISO times (default: the last 24 h); bucket: 5m, 15m, 1h, 6h or 1d (default: about 150 points). Raw readings inside the retention window, hourly rollups before it.',
        params: idParamsSchema,
        querystring: telemetryQuerySchema,
        response: { 200: telemetryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      app.services.telemetry.series(requireHomeScope(request), request.params.id, request.query),
  );

  app.post(
    '/api/devices/:id/toggle',
    {
      schema: {
        tags,
        summary: 'Turn the device on or off (a Lumos switch: all its gangs); no payload',
        params: idParamsSchema,
        response: { 200: deviceResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      device: await service.toggle(requireHomeScope(request), request.params.id, auditContextOf(request)),
    }),
  );

  app.post(
    '/api/devices/:id/gang/:gangIndex/toggle',
    {
      schema: {
        tags,
        summary: 'Toggle one gang of a Lumos switch (index 0 to gang count - 1)',
        params: gangParamsSchema,
        response: { 200: deviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      device: await service.toggleGang(
        requireHomeScope(request),
        request.params.id,
        request.params.gangIndex,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/devices/:id/check-updates',
    {
      schema: {
        tags,
        summary: "Compare the device's firmware with the newest stored for its type",
        params: idParamsSchema,
        response: { 200: updateCheckSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.checkUpdates(requireHomeScope(request), request.params.id),
  );

  app.post(
    '/api/devices/:id/assign-room',
    {
      schema: {
        tags,
        summary: "Put the device into one of the caller's rooms",
        params: idParamsSchema,
        body: assignRoomSchema,
        response: { 200: deviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      device: await service.assignRoom(
        requireHomeScope(request),
        request.params.id,
        request.body.room_id,
        auditContextOf(request),
      ),
    }),
  );

  app.post(
    '/api/devices/:id/unassign-room',
    {
      schema: {
        tags,
        summary: 'Take the device out of its room',
        params: idParamsSchema,
        response: { 200: deviceResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({
      device: await service.unassignRoom(
        requireHomeScope(request),
        request.params.id,
        auditContextOf(request),
      ),
    }),
  );

  app.put(
    '/api/devices/:id/gangs/:gangIndex',
    {
      schema: {
        tags,
        summary: 'Name one switch (gang) of a Lumos device, e.g. "Ceiling light" (voice assistants use it)',
        params: gangParamsSchema,
        body: gangNameSchema,
        response: { 200: deviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      device: await service.renameGang(
        requireHomeScope(request),
        request.params.id,
        request.params.gangIndex,
        request.body.name,
        auditContextOf(request),
      ),
    }),
  );
};
