import {
  createOrderBodySchema,
  createOrderResponseSchema,
  orderListSchema,
  adminOrderListQuerySchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Spec section 7 "Storefront": POST /api/create-order (server-side amounts), and the admin order list. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.orders;

  app.post(
    '/api/create-order',
    {
      schema: {
        tags: ['payments'],
        summary: 'Create an order: the amount comes from the catalog (a differing client amount is refused)',
        description:
          'Identifies the product by `notes.product` (its catalog name) or, for a cart, by `items` (catalog ids ' +
          'with quantities). Quote-only products ("From …", "Custom Quote") and unknown products are refused. ' +
          'Answers what the checkout needs: order id, amount in paise, currency, public key id, provider.',
        body: createOrderBodySchema,
        response: { 200: createOrderResponseSchema, ...errorResponses(400, 403, 429, 502) },
      },
    },
    async (request) => service.create(request.body, auditContextOf(request)),
  );

  app.get(
    '/api/admin/orders',
    {
      schema: {
        tags: ['admin', 'payments'],
        summary:
          'Storefront orders, newest first, with status and payment id (filter by status; search by ' +
          'customer name or e-mail, order id or payment id)',
        querystring: adminOrderListQuerySchema,
        response: { 200: orderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );
};
