import {
  idParamsSchema,
  outboxListQuerySchema,
  outboxListSchema,
  outboxMessageDetailSchema,
  outboxMessageSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Issue 15 "E-mail outbox": admins see every e-mail written, its rendered bodies, and send a failed one again. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = app.services.outbox;

  app.get(
    '/api/admin/outbox',
    {
      schema: {
        tags: ['admin', 'outbox'],
        summary: 'E-mails written to the outbox, newest first (by state; search recipient or subject)',
        description: '`delivering` says whether SMTP_URL is set: otherwise e-mails stay in the outbox.',
        querystring: outboxListQuerySchema,
        response: { 200: outboxListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => outbox.list(request.query),
  );

  app.get(
    '/api/admin/outbox/:id',
    {
      schema: {
        tags: ['admin', 'outbox'],
        summary: 'One e-mail of the outbox with its HTML and plain-text bodies',
        params: idParamsSchema,
        response: { 200: outboxMessageDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => outbox.detail(request.params.id),
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    {
      schema: {
        tags: ['admin', 'outbox'],
        summary: 'Send a failed e-mail again (pending now, with a fresh round of attempts)',
        params: idParamsSchema,
        response: { 200: outboxMessageSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => outbox.retry(request.params.id, auditContextOf(request)),
  );
};
