import { ownerOrderListQuerySchema, ownerOrderListSchema } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** The signed-in buyer's Orders screen (issue 15): their own orders with the installation of each. */
export const ownerOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.ownerOrders;

  app.get(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The caller's own orders a page at a time, newest first (or by amount or status), each with its " +
          'installation (state, date, electrician) and refund',
        querystring: ownerOrderListQuerySchema,
        response: { 200: ownerOrderListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => service.list(requireAuth(request).userId, request.query),
  );
};
