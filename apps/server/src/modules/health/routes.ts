import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../plugins/errors.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';

const statusSchema = z.object({ status: z.literal('ok') });

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers and, with the
 * device plane on, this process's broker connection is up — a load balancer then sends commands only to
 * processes that can deliver them).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['health'];
  app.get(
    '/healthz',
    { schema: { tags, summary: 'Liveness: the process is up', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      schema: {
        tags,
        summary: 'Readiness: the database answers and the broker connection is up',
        response: { 200: statusSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'readiness check failed');
        throw new HttpError(503, 'not_ready', 'Database unavailable');
      }
      const plane = app.services.devicePlane;
      if (plane && !plane.bus.up) {
        request.log.error('readiness check failed: the broker connection is down');
        throw new HttpError(503, 'not_ready', 'Broker unavailable');
      }
      return { status: 'ok' as const };
    },
  );
};
