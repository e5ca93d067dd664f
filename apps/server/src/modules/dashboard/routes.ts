import { ownerDashboardSchema } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAsCaller } from '../../plugins/auth.ts';
import { homeScopeOf } from '../../policy/scope.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** GET /api/dashboard: the owner's device counts (total, per type) and room count. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.dashboard;

  app.get(
    '/api/dashboard',
    {
      config: { sessionInRead: true },
      schema: {
        tags: ['owner dashboard'],
        summary: "The caller's statistics: devices (total, lumos_devices, isaac, skywalker) and rooms",
        response: { 200: ownerDashboardSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => readAsCaller(request, homeScopeOf, (scope) => service.statistics(scope)),
  );
};
