import {
  createOrderResponseSchema,
  createQuoteBodySchema,
  idParamsSchema,
  publicQuoteSchema,
  QUOTE_MSG,
  quoteListQuerySchema,
  quoteListSchema,
  quoteOrderBodySchema,
  quoteResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PARAM_LENGTH } from '../../plugins/errors.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { auditContextOf } from '../audit/audit-log.ts';

/** Per-IP budget of each public quote route (429 too_many_requests with Retry-After beyond it). */
export const QUOTE_LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

const tokenParamsSchema = z.object({ token: z.string().min(1).max(MAX_PARAM_LENGTH) });

/** Issue 15 "Quotes": the admin's quotes for leads, and the customer's quote page paid through the checkout. */
export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.quotes;

  app.post(
    '/api/admin/quotes',
    {
      schema: {
        tags: ['admin', 'quotes'],
        summary:
          'Send a quote: catalog lines, a package price (paise) and a last valid day; e-mails the link',
        description:
          'Items by catalog id, any price kind (unknown ids are a 400 naming each). `valid_until` is today or ' +
          'later (business time zone). With `contact_message_id` the lead is marked handled in the same ' +
          'transaction. The customer receives a link to the quote page; only its hash is stored.',
        body: createQuoteBodySchema,
        response: { 201: quoteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const quote = await service.create(request.body, auditContextOf(request));
      return reply.code(201).send({ message: QUOTE_MSG.created, quote });
    },
  );

  app.get(
    '/api/admin/quotes',
    {
      schema: {
        tags: ['admin', 'quotes'],
        summary: 'Quotes, newest first, with their state (sent, paid, expired, cancelled)',
        querystring: quoteListQuerySchema,
        response: { 200: quoteListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/admin/quotes/:id/cancel',
    {
      schema: {
        tags: ['admin', 'quotes'],
        summary: 'Withdraw a quote (its link then takes no payment); a paid quote cannot be withdrawn (409)',
        params: idParamsSchema,
        response: { 200: quoteResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: QUOTE_MSG.withdrawn,
      quote: await service.cancel(request.params.id, auditContextOf(request)),
    }),
  );

  app.get(
    '/api/quotes/:token',
    {
      config: { rateLimit: { ...QUOTE_LINK_RATE_LIMIT } },
      schema: {
        tags: ['quotes'],
        summary: "The customer's quote from the link's token (any state: the page explains it)",
        params: tokenParamsSchema,
        response: { 200: publicQuoteSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => service.view(request.params.token),
  );

  app.post(
    '/api/quotes/:token/order',
    {
      config: { rateLimit: { ...QUOTE_LINK_RATE_LIMIT } },
      schema: {
        tags: ['quotes', 'payments'],
        summary: "Create the checkout's order for a quote: the amount is the quote's price",
        description:
          'The amount is always the stored package price (the body carries only the installation address, ' +
          'required when a line is installed by our electricians). 410 when the quote has expired or was ' +
          'withdrawn, 409 when it is paid. Answers what the checkout needs, as POST /api/create-order.',
        params: tokenParamsSchema,
        body: quoteOrderBodySchema,
        response: { 200: createOrderResponseSchema, ...errorResponses(400, 403, 404, 409, 410, 429, 502) },
      },
    },
    async (request) => service.order(request.params.token, request.body, auditContextOf(request)),
  );
};
