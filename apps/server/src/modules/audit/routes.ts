import { activityPageSchema, activityQuerySchema } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** Issue 10 "Activity": the product's activity log, for admins. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = app.services.audit;

  app.get(
    '/api/admin/activity',
    {
      schema: {
        tags: ['admin', 'activity'],
        summary:
          'The activity log, newest first (filters: actor, action, entity, channel, date range; keyset pages)',
        description:
          'Pass the `next_cursor` of a page as `cursor` to read the next one; it is null on the last page. ' +
          'Secrets are never recorded: a changed password or secret shows as "[redacted]".',
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => log.list(request.query),
  );
};
