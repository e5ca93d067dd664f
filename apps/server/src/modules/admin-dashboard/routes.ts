import { adminDashboardSchema } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { AuditLog } from '../audit/audit-log.ts';
import { AdminDashboardService } from './service.ts';

/** Spec section 7 "Admin": the admin dashboard (figures, recent activity, system health, first users). */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new AdminDashboardService(
    app.db,
    new AuditLog(app.db, app.now),
    app.requestOutcomes,
    app.now,
    app.config.sessionIdleMinutes,
  );

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
