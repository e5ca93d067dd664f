import {
  assignJobBodySchema,
  idParamsSchema,
  installationJobBoardQuerySchema,
  installationJobBoardSchema,
  installationJobSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** The admin's installation jobs board (issue 15): paid orders that need installation, and their assignment. */
export const installationJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.installationJobs;
  const tags = ['admin', 'installation jobs'];

  app.get(
    '/api/admin/installation-jobs',
    {
      schema: {
        tags,
        summary:
          'Installation jobs: every open one (unassigned, scheduled, in progress) and the newest 50 completed ' +
          'and 50 cancelled, newest first (or by date or customer), with the count of each state; search a ' +
          'customer or an order id',
        querystring: installationJobBoardQuerySchema,
        response: { 200: installationJobBoardSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.board(request.query),
  );

  app.post(
    '/api/admin/installation-jobs/:id/assign',
    {
      schema: {
        tags,
        summary: 'Assign (or reschedule) a job: an active electrician and a date, today or later',
        description:
          "Creates the electrician's pending installation for the customer (or moves the still-pending one), " +
          'moves the customer to the electrician with the date, and e-mails the customer. A job whose ' +
          'installation has started or completed, or that is cancelled, answers 409.',
        params: idParamsSchema,
        body: assignJobBodySchema,
        response: { 200: installationJobSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.assign(request.params.id, request.body, auditContextOf(request)),
  );
};
