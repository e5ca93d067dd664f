import { messageResponseSchema, newsletterBodySchema, STOREFRONT_MSG } from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/openapi-responses.ts';

/** Per-IP budget of POST /api/newsletter (429 too_many_requests with Retry-After beyond it). */
export const NEWSLETTER_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 } as const;

/** Issue 3 "Newsletter": the footer form subscribes an e-mail once. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.newsletter;

  app.post(
    '/api/newsletter',
    {
      config: { rateLimit: { ...NEWSLETTER_RATE_LIMIT } },
      schema: {
        tags: ['newsletter'],
        summary: 'Subscribe an e-mail to the newsletter (201 new, 200 already subscribed)',
        description: `Rate limited to ${NEWSLETTER_RATE_LIMIT.max} calls per IP per ${NEWSLETTER_RATE_LIMIT.timeWindow / 60_000} minutes.`,
        body: newsletterBodySchema,
        response: {
          200: messageResponseSchema,
          201: messageResponseSchema,
          ...errorResponses(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await service.subscribe(request.body.email);
      return created
        ? reply.code(201).send({ message: STOREFRONT_MSG.newsletterSubscribed })
        : reply.code(200).send({ message: STOREFRONT_MSG.newsletterAlreadySubscribed });
    },
  );
};
