import {
  adminContactListQuerySchema,
  contactBodySchema,
  contactHandledBodySchema,
  contactMessageListSchema,
  contactMessageResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  MSG,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/**
 * Per-IP budget of POST /api/contact (429 too_many_requests with Retry-After beyond it): the default; the
 * setting CONTACT_MESSAGES_PER_10_MINUTES changes `max`.
 */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 10 * 60_000 } as const;

/** Issue 3 "Contact": the contact form is validated and stored; admins list the messages. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.contact;

  app.post(
    '/api/contact',
    {
      config: { rateLimit: { ...CONTACT_RATE_LIMIT, max: app.config.contactMessagesPer10Minutes } },
      schema: {
        tags: ['contact'],
        summary: 'Send a contact-form message (stored for the team)',
        description:
          `Rate limited to ${app.config.contactMessagesPer10Minutes} calls per IP per ${CONTACT_RATE_LIMIT.timeWindow / 60_000} minutes. ` +
          '`website` is a honeypot: when it is filled in the call answers as usual but nothing is stored.',
        body: contactBodySchema,
        response: { 201: messageResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.website && body.website.trim() !== '') {
        request.log.warn({ ip: request.ip }, 'contact form honeypot filled in: message dropped');
      } else {
        await service.store(body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null });
      }
      return reply.code(201).send({ message: MSG.contactSuccess });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'Contact-form messages, newest first (open or handled; search by name or e-mail)',
        querystring: adminContactListQuerySchema,
        response: { 200: contactMessageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/admin/contact-messages/:id/handled',
    {
      schema: {
        tags: ['admin', 'contact'],
        summary: 'Mark a contact message handled (handled: true, the default) or open again (false)',
        params: idParamsSchema,
        body: contactHandledBodySchema,
        response: { 200: contactMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      contact_message: await service.setHandled(request.params.id, request.body, auditContextOf(request)),
    }),
  );
};
