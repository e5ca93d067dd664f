import {
  adminCustomerListQuerySchema,
  adminCustomerListSchema,
  adminElectricianListQuerySchema,
  adminElectricianListSchema,
  assignCustomersBodySchema,
  assignCustomersResponseSchema,
  assignDevicesBodySchema,
  assignDevicesResponseSchema,
  electricianCustomerParamsSchema,
  electricianParamsSchema,
  messageResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Admin Electricians screen (spec section 7 "Admin", issue 10): electricians, their customers and devices. */
export const adminElectriciansRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminElectricians;
  const tags = ['admin electricians'];

  app.get(
    '/api/admin/electricians',
    {
      schema: {
        tags,
        summary:
          'Electricians by name, each with customers, devices and installations by status; plus totals',
        querystring: adminElectricianListQuerySchema,
        response: { 200: adminElectricianListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/api/admin/customers',
    {
      schema: {
        tags,
        summary: 'Customers (owners) by name, each with their electrician assignment',
        description:
          "`search` matches name or e-mail; `electrician_id` lists only that electrician's customers.",
        querystring: adminCustomerListQuerySchema,
        response: { 200: adminCustomerListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.listCustomers(request.query),
  );

  app.post(
    '/api/admin/electricians/:electrician_id/customers',
    {
      schema: {
        tags,
        summary: 'Assign customers (owners) to the electrician with an installation date (today or later)',
        description:
          'A customer who is with another electrician moves to this one: `reassigned` and `notice` say so.',
        params: electricianParamsSchema,
        body: assignCustomersBodySchema,
        response: { 200: assignCustomersResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.assignCustomers(
        request.params.electrician_id,
        request.body.customer_ids,
        request.body.installation_date,
        auditContextOf(request),
      ),
  );

  app.delete(
    '/api/admin/electricians/:electrician_id/customers/:customer_id',
    {
      schema: {
        tags,
        summary: 'Unassign a customer from the electrician',
        params: electricianCustomerParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) =>
      service.unassignCustomer(
        request.params.electrician_id,
        request.params.customer_id,
        auditContextOf(request),
      ),
  );

  app.post(
    '/api/admin/electricians/:electrician_id/devices',
    {
      schema: {
        tags,
        summary: 'Assign devices to the electrician (a device with another electrician moves to this one)',
        params: electricianParamsSchema,
        body: assignDevicesBodySchema,
        response: { 200: assignDevicesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.assignDevices(request.params.electrician_id, request.body.device_ids, auditContextOf(request)),
  );
};
