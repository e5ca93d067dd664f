import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROLE, type CreateOrderResponse } from '@isaac/contract';
import { count, eq } from 'drizzle-orm';
import * as razorpayUtils from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { orders } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { ProviderCallError } from '../orders/order-provider.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { orderBody, orderRow, postOrder } from '../../test/orders.ts';
import { createPaymentProvider } from './provider.ts';
import { PROVIDER_ERROR, RazorpayProvider } from './razorpay.ts';
import { SandboxProvider } from './sandbox.ts';

/** A local fake of Razorpay's orders and refunds API: records each request and answers what the test sets. */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
let fake: Server;
let base: string;
let recorded: Recorded[] = [];
let answer: (body: Record<string, unknown>, url: string) => { status: number; body: string } = () => ({
  status: 500,
  body: '',
});

function parseBody(body: string): Record<string, unknown> {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return {};
  }
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const parsed = parseBody(body);
      const reply = answer(parsed, req.url ?? '');
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));
beforeEach(() => {
  recorded = [];
  answer = (body) => ({
    status: 200,
    body: JSON.stringify({
      id: 'order_FakeRazorpay01',
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      status: 'created',
      attempts: 0,
      notes: body.notes,
      created_at: 1_700_000_000,
    }),
  });
});

const settings = () =>
  loadConfig({
    NODE_ENV: 'test',
    PAYMENT_PROVIDER: 'razorpay',
    RAZORPAY_KEY_ID: 'rzp_test_fake',
    RAZORPAY_KEY_SECRET: 'fake-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'fake-webhook-secret',
    RAZORPAY_API_BASE: `${base}/`,
  }).payment;

async function countOrders(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

const input = {
  amount: 8_999_900,
  currency: 'INR',
  receipt: 'receipt_1700000000000',
  notes: { product: 'ISAAC' },
};

async function providerFailure(provider: RazorpayProvider): Promise<HttpError> {
  const error = await provider.createOrder(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('razorpay provider against a local fake of the orders API', () => {
  it('POSTs /v1/orders with basic auth and the JSON body', async () => {
    const { provider, sandbox } = createPaymentProvider(settings());
    expect(sandbox).toBeNull();
    expect(provider).toBeInstanceOf(RazorpayProvider);
    expect(provider.keyId).toBe('rzp_test_fake');
    const order = await provider.createOrder(input);
    expect(order).toEqual({
      id: 'order_FakeRazorpay01',
      amount: 8_999_900,
      currency: 'INR',
      receipt: 'receipt_1700000000000',
      status: 'created',
    });
    expect(recorded).toHaveLength(1);
    const request = recorded[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/orders');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_fake:fake-key-secret').toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual(input);
  });

  it('maps a rejected order to 502 payment_provider_error with the provider description', async () => {
    answer = () => ({
      status: 400,
      body: JSON.stringify({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The amount must be atleast INR 1.00',
          field: 'amount',
        },
      }),
    });
    const error = await providerFailure(new RazorpayProvider(settings(), fetch));
    expect(error.statusCode).toBe(502);
    expect(error.code).toBe(PROVIDER_ERROR);
    expect(error.message).toBe('Payment provider error (HTTP 400): The amount must be atleast INR 1.00');
  });

  it('maps bad credentials, server errors, unexpected bodies and an unreachable API to 502', async () => {
    answer = () => ({
      status: 401,
      body: JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }),
    });
    expect((await providerFailure(new RazorpayProvider(settings(), fetch))).message).toContain(
      'authentication failed',
    );

    answer = () => ({ status: 503, body: 'upstream down' });
    const down = await providerFailure(new RazorpayProvider(settings(), fetch));
    expect(down.statusCode).toBe(502);
    expect(down.message).toContain('HTTP 503');

    answer = () => ({ status: 200, body: '{"unexpected":true}' });
    expect((await providerFailure(new RazorpayProvider(settings(), fetch))).message).toContain('unexpected');

    const unreachable = new RazorpayProvider({ ...settings(), apiBase: 'http://127.0.0.1:9' }, fetch);
    const error = await providerFailure(unreachable);
    expect(error.statusCode).toBe(502);
    expect(error.message).toContain('unreachable');
  });

  describe('through POST /api/create-order', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          PAYMENT_PROVIDER: 'razorpay',
          RAZORPAY_KEY_ID: 'rzp_test_fake',
          RAZORPAY_KEY_SECRET: 'fake-key-secret',
          RAZORPAY_API_BASE: base,
        },
      });
    });
    afterAll(() => t.close());

    it('creates the Razorpay order with the catalog amount and stores it', async () => {
      const res = await postOrder(t.app, orderBody('ISAAC'));
      expect(res.statusCode).toBe(200);
      expect(res.json<CreateOrderResponse>()).toMatchObject({
        order_id: 'order_FakeRazorpay01',
        amount: 8_999_900,
        key_id: 'rzp_test_fake',
        provider: 'razorpay',
      });
      const sent = JSON.parse(recorded[0]?.body ?? '{}') as Record<string, unknown>;
      expect(sent).toMatchObject({
        amount: 8_999_900,
        currency: 'INR',
        notes: { product: 'ISAAC', customer_email: 'asha@example.com' },
      });
      expect(await orderRow(t.db, 'order_FakeRazorpay01')).toMatchObject({
        provider: 'razorpay',
        status: 'created',
      });
    });

    it('answers 502 with a clear message when Razorpay refuses, and stores nothing', async () => {
      const before = await countOrders(t);
      answer = () => ({ status: 500, body: JSON.stringify({ error: { description: 'Internal error' } }) });
      const res = await postOrder(t.app, orderBody('SKYWALKER'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: PROVIDER_ERROR,
        message: 'Payment provider error (HTTP 500): Internal error',
      });
      expect(await countOrders(t)).toBe(before);
    });

    it('never calls Razorpay for a refused order (amount mismatch)', async () => {
      const res = await postOrder(t.app, orderBody('ISAAC', { amount: 899_900 }));
      expect(res.statusCode).toBe(400);
      expect(recorded).toHaveLength(0);
    });
  });
});

/** Razorpay's answer to a refund of the body's amount (`POST /v1/payments/:id/refund`). */
function refundAnswer(body: Record<string, unknown>, url: string) {
  const paymentId = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url)?.[1] ?? '';
  return {
    status: 200,
    body: JSON.stringify({
      id: 'rfnd_FakeRazorpay01',
      entity: 'refund',
      amount: body.amount,
      currency: 'INR',
      payment_id: paymentId,
      notes: body.notes,
      receipt: null,
      status: 'processed',
      speed_processed: 'normal',
      created_at: 1_700_000_100,
    }),
  };
}

describe('razorpay refunds against the local fake', () => {
  it('POSTs /v1/payments/:id/refund with basic auth, the amount and the notes', async () => {
    answer = refundAnswer;
    const { provider } = createPaymentProvider(settings());
    const refund = await provider.refund(
      'pay_FakeRazorpay01',
      8_999_900,
      { reason: 'Damaged' },
      'key-0123456789',
    );
    expect(refund).toEqual({ id: 'rfnd_FakeRazorpay01', status: 'processed' });
    expect(recorded).toHaveLength(1);
    const request = recorded[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/payments/pay_FakeRazorpay01/refund');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_fake:fake-key-secret').toString('base64')}`,
    );
    expect(request?.headers['content-type']).toBe('application/json');
    // Razorpay's idempotent refund: the same key and body are one refund (ADR 044)
    expect(request?.headers['x-refund-idempotency']).toBe('key-0123456789');
    expect(JSON.parse(request?.body ?? '')).toEqual({ amount: 8_999_900, notes: { reason: 'Damaged' } });
  });

  it("maps a refused refund, an unexpected body and an unreachable API to 502 with Razorpay's reason", async () => {
    answer = () => ({
      status: 400,
      body: JSON.stringify({
        error: { code: 'BAD_REQUEST_ERROR', description: 'The payment has been fully refunded already' },
      }),
    });
    const refuse = (provider: RazorpayProvider) =>
      provider.refund('pay_FakeRazorpay01', 100, {}, 'key-0123456789').then(
        () => {
          throw new Error('expected the refund to fail');
        },
        (error: unknown) => error as ProviderCallError,
      );
    const refused = await refuse(new RazorpayProvider(settings(), fetch));
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused.statusCode).toBe(502);
    expect(refused.code).toBe(PROVIDER_ERROR);
    expect(refused.message).toBe(
      'Payment provider error (HTTP 400): The payment has been fully refunded already',
    );
    // a 4xx: Razorpay did not refund — the next attempt may be a new request
    expect(refused.refused).toBe(true);

    // a 2xx with an unexpected body, a 5xx, a 409 (the same request still in progress) and no answer at all:
    // the refund may have been made — only the same request may be sent again
    answer = () => ({ status: 200, body: '{"entity":"refund"}' });
    const unexpected = await refuse(new RazorpayProvider(settings(), fetch));
    expect(unexpected.message).toContain('unexpected refund');
    expect(unexpected.refused).toBe(false);
    for (const status of [409, 503]) {
      answer = () => ({ status, body: '{}' });
      expect((await refuse(new RazorpayProvider(settings(), fetch))).refused, String(status)).toBe(false);
    }
    const unreachable = new RazorpayProvider({ ...settings(), apiBase: 'http://127.0.0.1:9' }, fetch);
    const lost = await refuse(unreachable);
    expect(lost.message).toContain('unreachable');
    expect(lost.refused).toBe(false);
  });

  describe('through POST /api/admin/orders/:id/refund', () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let orderCount = 0;
    /** The fake's orders get their own ids; refunds answer as Razorpay does. */
    const ordersAndRefunds = (body: Record<string, unknown>, url: string) => {
      if (url.endsWith('/refund')) return refundAnswer(body, url);
      orderCount += 1;
      return {
        status: 200,
        body: JSON.stringify({
          id: `order_FakeRefund${String(orderCount).padStart(4, '0')}`,
          amount: body.amount,
          currency: body.currency,
          receipt: body.receipt,
          status: 'created',
        }),
      };
    };
    beforeAll(async () => {
      t = await createTestApp({
        env: {
          PAYMENT_PROVIDER: 'razorpay',
          RAZORPAY_KEY_ID: 'rzp_test_fake',
          RAZORPAY_KEY_SECRET: 'fake-key-secret',
          RAZORPAY_API_BASE: base,
        },
      });
      admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    });
    afterAll(() => t.close());

    /** A Razorpay order for the ISAAC purifier, paid (set directly). */
    async function paidOrder(paymentId: string) {
      answer = ordersAndRefunds;
      const created = await postOrder(t.app, orderBody('ISAAC'));
      const providerOrderId = created.json<CreateOrderResponse>().order_id;
      await t.db
        .update(orders)
        .set({ status: 'paid', paymentId, paidAt: new Date() })
        .where(eq(orders.providerOrderId, providerOrderId));
      const row = await orderRow(t.db, providerOrderId);
      if (!row) throw new Error('order not stored');
      recorded = [];
      return row;
    }

    const refund = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${id}/refund`,
        headers: admin,
        payload: { reason: 'Customer returned it' },
      });

    it('refunds the full amount at Razorpay and stores its refund id', async () => {
      const order = await paidOrder('pay_FakeRefund0001');
      const res = await refund(order.id);
      expect(res.statusCode).toBe(200);
      expect(recorded.map((r) => r.url)).toEqual(['/v1/payments/pay_FakeRefund0001/refund']);
      expect(JSON.parse(recorded[0]?.body ?? '{}')).toEqual({
        amount: 8_999_900,
        notes: { order_id: order.providerOrderId, reason: 'Customer returned it' },
      });
      expect(await orderRow(t.db, order.providerOrderId)).toMatchObject({
        status: 'refunded',
        refundId: 'rfnd_FakeRazorpay01',
      });
    });

    it("answers Razorpay's refusal with 502 and its message, and the order stays paid", async () => {
      const order = await paidOrder('pay_FakeRefund0002');
      answer = () => ({
        status: 400,
        body: JSON.stringify({
          error: { description: 'The refund amount provided is greater than amount captured' },
        }),
      });
      const res = await refund(order.id);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        error: PROVIDER_ERROR,
        message:
          'Payment provider error (HTTP 400): The refund amount provided is greater than amount captured',
      });
      expect(await orderRow(t.db, order.providerOrderId)).toMatchObject({
        status: 'paid',
        refundId: null,
        refundedAt: null,
      });
    });
  });
});

describe("the official razorpay SDK's validators accept sandbox signatures", () => {
  const sandbox = new SandboxProvider({
    keyId: 'rzp_test_sandbox',
    keySecret: 'sandbox-key-secret',
    webhookSecret: 'sandbox-webhook-secret',
  });

  it('validatePaymentVerification accepts a sandbox payment, rejects a tampered one', async () => {
    const order = await sandbox.createOrder(input);
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    const { paymentId, signature } = sandbox.capturePayment(order.id);
    expect(paymentId).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(
      razorpayUtils.validatePaymentVerification(
        { order_id: order.id, payment_id: paymentId },
        signature,
        'sandbox-key-secret',
      ),
    ).toBe(true);
    expect(
      razorpayUtils.validatePaymentVerification(
        { order_id: order.id, payment_id: 'pay_other' },
        signature,
        'sandbox-key-secret',
      ),
    ).toBe(false);
    expect(sandbox.verifyPaymentSignature(order.id, paymentId, signature)).toBe(true);
    expect(sandbox.verifyPaymentSignature(order.id, paymentId, signature.toUpperCase())).toBe(true);
    expect(sandbox.verifyPaymentSignature(order.id, paymentId, `${signature}0`)).toBe(false);
  });

  it('validateWebhookSignature accepts a sandbox webhook, rejects an altered body', () => {
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    const signature = sandbox.signWebhook(body);
    expect(razorpayUtils.validateWebhookSignature(body, signature, 'sandbox-webhook-secret')).toBe(true);
    expect(razorpayUtils.validateWebhookSignature(`${body} `, signature, 'sandbox-webhook-secret')).toBe(
      false,
    );
    expect(sandbox.verifyWebhookSignature(Buffer.from(body), signature)).toBe(true);
    expect(sandbox.verifyWebhookSignature(body, 'deadbeef')).toBe(false);
  });
});
