/** Test helpers for the payment suites (imported by *.test.ts only). */
import type { VerifyPaymentBody } from '@isaac/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { hmacSha256Hex, paymentSignature, providerStyleId } from '../modules/payments/signatures.ts';
import { createTestApp, csrf, type TestApp } from './helpers.ts';

/** A Razorpay webhook event about one payment (`payment`: the payment entity's own fields). */
function paymentEvent(event: string, payment: Record<string, unknown>) {
  return {
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: { payment: { entity: { entity: 'payment', ...payment } } },
    created_at: 1_700_000_000,
  };
}

/** A Razorpay `payment.captured` (or `order.paid`) webhook event for an order. */
export function capturedEvent(
  orderId: string,
  paymentId: string,
  amount: number,
  event = 'payment.captured',
) {
  return paymentEvent(event, {
    id: paymentId,
    amount,
    currency: 'INR',
    status: 'captured',
    order_id: orderId,
  });
}

/** A Razorpay `payment.failed` webhook event for an order. */
export function failedEvent(orderId: string, paymentId: string) {
  return paymentEvent('payment.failed', {
    id: paymentId,
    status: 'failed',
    order_id: orderId,
    error_code: 'BAD_REQUEST_ERROR',
    error_description: 'Card declined by the issuing bank',
  });
}

/** Pays an order through the sandbox checkout of `app` (what its page's buttons do). */
export async function sandboxPay(app: FastifyInstance, orderId: string, outcome: 'success' | 'failure') {
  const { headers } = await csrf(app);
  return app.inject({
    method: 'POST',
    url: `/api/sandbox/orders/${orderId}/pay`,
    headers,
    payload: { outcome },
  });
}

interface WebhookOptions {
  /** The event id header: a new one by default, none when ''. */
  eventId?: string;
  signature?: string;
  secret?: string;
}

/**
 * A webhook call as the provider makes it: `event` (or a raw body, sent as it is) signed with the app's webhook
 * secret; `options` spoil it.
 */
export function sendWebhook(t: TestApp, event: object | string, options: WebhookOptions = {}) {
  const raw = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-razorpay-signature':
      options.signature ?? hmacSha256Hex(options.secret ?? t.config.payment.webhookSecret, raw),
  };
  if (options.eventId !== '') headers['x-razorpay-event-id'] = options.eventId ?? providerStyleId('evt');
  return t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: raw });
}

/**
 * A payment test file's app — its sandbox webhooks far in the future: these suites send their own — handed to
 * the file by `use`, and the steps a buyer's browser and the provider take against it.
 */
export function paymentsSuite(use: (t: TestApp) => void) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '60000' } });
    use(t);
  });
  afterAll(() => t.close());

  /** The checkout's signature of a payment (what the provider gives the browser). */
  const sign = (orderId: string, paymentId: string) =>
    paymentSignature(t.config.payment.keySecret, orderId, paymentId);

  /** What a successful checkout hands the browser for a payment, signed: the body of verify-payment. */
  const checkoutAnswer = (orderId: string, paymentId: string): VerifyPaymentBody => ({
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: sign(orderId, paymentId),
  });

  /** POST /api/verify-payment, as the browser sends it after the checkout. */
  async function verify(body: VerifyPaymentBody) {
    const { headers } = await csrf(t.app);
    return t.app.inject({ method: 'POST', url: '/api/verify-payment', headers, payload: body });
  }

  /** A signed webhook call to this suite's app (`sendWebhook`). */
  const webhook = (event: object | string, options: WebhookOptions = {}) => sendWebhook(t, event, options);

  /** Pays an order through the sandbox checkout (of this suite's app, or `app`). */
  const pay = (orderId: string, outcome: 'success' | 'failure', app: FastifyInstance = t.app) =>
    sandboxPay(app, orderId, outcome);

  return { sign, checkoutAnswer, verify, webhook, pay };
}
