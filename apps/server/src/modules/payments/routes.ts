import {
  sandboxOrderParamsSchema,
  sandboxOrderSchema,
  sandboxPayBodySchema,
  sandboxPayFailureSchema,
  sandboxPaySuccessSchema,
  verifyPaymentBodySchema,
  verifyPaymentResponseSchema,
} from '@isaac/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../plugins/errors.ts';
import { errorResponses } from '../../plugins/openapi-responses.ts';
import { WEBHOOK_PATH } from './sandbox-webhooks.ts';
import { auditContextOf } from '../audit/audit-log.ts';

const webhookResponseSchema = z.object({ status: z.enum(['processed', 'duplicate', 'ignored']) });

const firstHeader = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

export const SANDBOX_PRODUCTION_WARNING =
  'PAYMENT_PROVIDER=sandbox with ALLOW_SANDBOX_PAYMENTS=true in production: /api/sandbox/* lets anyone mark ' +
  'any order paid without paying. Use PAYMENT_PROVIDER=razorpay for a real shop.';

/**
 * Issue 3 "Payments": server-side verification of the checkout's signed response, the provider's
 * signed webhooks (raw body), and the embedded sandbox checkout. The sandbox routes (/api/sandbox/*)
 * exist only when PAYMENT_PROVIDER=sandbox and ALLOW_SANDBOX_PAYMENTS allows them (ADR 016); otherwise
 * they are not registered at all (404, absent from the OpenAPI document).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.payments;
  const webhooks = app.services.sandboxWebhooks;

  app.post(
    '/api/verify-payment',
    {
      schema: {
        tags: ['payments'],
        summary: "Verify the checkout's signed payment response and mark the order paid (idempotent)",
        description:
          'The signature must be the hex HMAC-SHA256 of `order_id|payment_id` with the key secret, over the ' +
          'stored order. Verifying again answers the same paid result; another payment id for a paid order is 409.',
        body: verifyPaymentBodySchema,
        response: { 200: verifyPaymentResponseSchema, ...errorResponses(400, 403, 404, 409, 429) },
      },
    },
    async (request) => service.verify(request.body, auditContextOf(request)),
  );

  // The webhook needs the exact bytes the provider signed: in this context every body stays a Buffer.
  await app.register(async (raw) => {
    raw.removeContentTypeParser(['application/json', 'text/plain']);
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    raw.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags: ['payments'],
          summary:
            'Razorpay webhook (payment.captured, order.paid, payment.failed), signed with the webhook secret',
          description:
            'Verifies X-Razorpay-Signature (hex HMAC-SHA256 of the raw body with RAZORPAY_WEBHOOK_SECRET), records ' +
            'the event once by X-Razorpay-Event-Id (else its id, else a digest of the body) and applies it: a paid ' +
            'order never goes back, redeliveries change nothing. No CSRF: the signature authenticates the call.',
          response: { 200: webhookResponseSchema, ...errorResponses(400, 429) },
        },
      },
      async (request) => {
        const rawBody = request.body;
        if (!Buffer.isBuffer(rawBody) || rawBody.length === 0) throw badRequest('Webhook body is required');
        const status = await service.handleWebhook(
          {
            rawBody,
            signature: firstHeader(request.headers['x-razorpay-signature']),
            eventIdHeader: firstHeader(request.headers['x-razorpay-event-id']),
          },
          request.log,
          // The provider's server calls, not a person: the system's channel, with the call's address and id.
          auditContextOf(request, 'system'),
        );
        return { status };
      },
    );
  });

  // The sandbox checkout exists only when PAYMENT_PROVIDER=sandbox and ALLOW_SANDBOX_PAYMENTS (services.ts).
  if (!webhooks) return;
  if (app.config.isProduction) app.log.warn(SANDBOX_PRODUCTION_WARNING);

  app.get(
    '/api/sandbox/orders/:order_id',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox checkout: the order to pay (only with PAYMENT_PROVIDER=sandbox, ALLOW_SANDBOX_PAYMENTS)',
        params: sandboxOrderParamsSchema,
        response: { 200: sandboxOrderSchema, ...errorResponses(404) },
      },
    },
    async (request) => service.getSandboxOrder(request.params.order_id),
  );

  app.post(
    '/api/sandbox/orders/:order_id/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox checkout: pay (signed like Razorpay, then a signed payment.captured webhook) or fail (402)',
        params: sandboxOrderParamsSchema,
        body: sandboxPayBodySchema,
        response: {
          200: sandboxPaySuccessSchema,
          402: sandboxPayFailureSchema,
          ...errorResponses(400, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const payment = await service.paySandboxOrder(
        request.params.order_id,
        request.body.outcome,
        auditContextOf(request),
      );
      webhooks.paymentCaptured(payment);
      return payment.response;
    },
  );
};
