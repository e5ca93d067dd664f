import { adminDashboardSchema } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** Spec section 7 "Admin": the admin dashboard (figures, recent activity, system health, first users). */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.adminDashboard;

  app.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Admin dashboard: totals, recent activity, system health with its checks, the first users',
        response: { 200: adminDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async () => service.dashboard(),
  );
};
