import {
  adminDeviceListQuerySchema,
  adminDeviceParamsSchema,
  deviceMessageStatsSchema,
  adminDeviceListSchema,
  adminDeviceStatsSchema,
  bulkDeviceResponseSchema,
  deviceSelectionBodySchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAsCaller } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { scopeOf } from '../../policy/scope.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Admin Devices screen (issue 10): every device with search and filters, its stat cards, bulk actions. */
export const adminDevicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminDevices;
  const assignments = app.services.adminElectricians;
  const tags = ['admin devices'];

  app.get(
    '/api/admin/devices',
    {
      config: { sessionInRead: true },
      schema: {
        tags,
        summary: 'Every device, newest first, with its owner and electrician',
        description:
          '`search` matches name, serial number, owner name or e-mail (case-insensitive, anywhere in the text); ' +
          'filters: `type`, `status` (online | offline), `assignment` (assigned = has an owner | available), ' +
          '`firmware_version`, `electrician_id`.',
        querystring: adminDeviceListQuerySchema,
        response: { 200: adminDeviceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => readAsCaller(request, scopeOf, (scope) => service.list(scope, request.query)),
  );

  app.get(
    '/api/admin/devices/stats',
    {
      schema: {
        tags,
        summary:
          'Total, online, offline and distinct types of all devices, and the firmware versions they report',
        response: { 200: adminDeviceStatsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.stats(),
  );

  app.get(
    '/api/admin/devices/:device_id/messages',
    {
      schema: {
        tags,
        summary:
          'What a device sent that was not stored: refused (with the last reason), over its rate, shed',
        params: adminDeviceParamsSchema,
        response: { 200: deviceMessageStatsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => service.messageStats(request.params.device_id),
  );

  app.post(
    '/api/admin/devices/unassign-electrician',
    {
      schema: {
        tags,
        summary: 'Take the selected devices away from their electrician',
        body: deviceSelectionBodySchema,
        response: { 200: bulkDeviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => assignments.unassignDevices(request.body.device_ids, auditContextOf(request)),
  );

  app.post(
    '/api/admin/devices/unassign-owner',
    {
      schema: {
        tags,
        summary: 'Take the selected devices away from their owner (and room): they become available',
        body: deviceSelectionBodySchema,
        response: { 200: bulkDeviceResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.unassignOwner(request.body.device_ids, auditContextOf(request)),
  );
};
