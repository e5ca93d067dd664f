import { ownerOrderListSchema } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** The signed-in buyer's Orders screen (issue 15): their own orders with the installation of each. */
export const ownerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.ownerOrders;

  app.get(
    '/api/orders',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The caller's own orders, newest first, each with its installation (state, date, electrician) and refund",
        response: { 200: ownerOrderListSchema, ...errorResponses(401) },
      },
    },
    async (request) => service.list(requireAuth(request).userId),
  );
};
