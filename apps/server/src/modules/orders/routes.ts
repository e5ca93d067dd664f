import {
  createOrderBodySchema,
  createOrderResponseSchema,
  idParamsSchema,
  orderActionBodySchema,
  orderActionResponseSchema,
  orderListSchema,
  adminOrderListQuerySchema,
  ORDER_ACTION_MSG,
  LATE_CAPTURE_MSG,
  lateCaptureListSchema,
  lateCaptureResponseSchema,
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

  app.post(
    '/api/admin/orders/:id/cancel',
    {
      schema: {
        tags: ['admin', 'payments'],
        summary: 'Cancel an order that has not been paid (created, or its payment failed); 409 otherwise',
        params: idParamsSchema,
        body: orderActionBodySchema,
        response: { 200: orderActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: ORDER_ACTION_MSG.cancelled,
      order: await service.cancel(request.params.id, request.body.reason, auditContextOf(request)),
    }),
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      schema: {
        tags: ['admin', 'payments'],
        summary:
          'Refund a paid order in full through the payment provider; its installation job is cancelled',
        description:
          'One refund per order (409 when it is not paid or already refunded). When the provider refuses or ' +
          'cannot be reached the answer is 502 with its message, and nothing changes.',
        params: idParamsSchema,
        body: orderActionBodySchema,
        response: { 200: orderActionResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => ({
      message: ORDER_ACTION_MSG.refunded,
      order: await service.refund(request.params.id, request.body.reason, auditContextOf(request)),
    }),
  );

  app.get(
    '/api/admin/late-captures',
    {
      schema: {
        tags: ['admin', 'payments'],
        summary:
          'Payments captured for a cancelled or refunded order, or a second payment of a paid order or quote: to refund',
        description:
          'Never applied to their order (which stays closed, and sends no confirmation). Those still to refund ' +
          'first, then the refunded; `open` counts those still to refund.',
        response: { 200: lateCaptureListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => app.services.lateCaptures.list(),
  );

  app.post(
    '/api/admin/late-captures/:id/refund',
    {
      schema: {
        tags: ['admin', 'payments'],
        summary: 'Refund a payment captured after its order closed, in full, through the payment provider',
        description:
          'Once per payment (409 when refunded or a refund is in flight); the provider call is idempotent (ADR 044).',
        params: idParamsSchema,
        response: { 200: lateCaptureResponseSchema, ...errorResponses(401, 403, 404, 409, 502) },
      },
    },
    async (request) => ({
      message: LATE_CAPTURE_MSG.refunded,
      late_capture: await app.services.lateCaptures.refund(request.params.id, auditContextOf(request)),
    }),
  );
};
