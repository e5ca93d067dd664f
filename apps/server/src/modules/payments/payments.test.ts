import { ROLE, SANDBOX_PAYMENT_FAILED, type VerifyPaymentBody } from '@isaac/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createDatabase, MEMORY_URL } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { auditLog, paymentEvents } from '../../db/schema/index.ts';
import { csrf, createTestApp, type TestApp } from '../../test/helpers.ts';
import { createOrder, orderBody, orderRow, postOrder } from '../orders/test-orders.ts';
import { SANDBOX_PRODUCTION_WARNING } from './routes.ts';
import { PAYMENT_ERROR } from './service.ts';
import { hmacSha256Hex, paymentSignature, providerStyleId } from './signatures.ts';
import { capturedEvent } from './test-payments.ts';

let t: TestApp;
// Sandbox webhooks far in the future: this suite sends its own (the crash test below has its own app).
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '60000' } });
});
afterAll(() => t.close());

const sign = (orderId: string, paymentId: string) =>
  paymentSignature(t.config.payment.keySecret, orderId, paymentId);

async function verify(body: VerifyPaymentBody) {
  const { headers } = await csrf(t.app);
  return t.app.inject({ method: 'POST', url: '/api/verify-payment', headers, payload: body });
}

async function pay(orderId: string, outcome: 'success' | 'failure', app = t.app) {
  const { headers } = await csrf(app);
  return app.inject({
    method: 'POST',
    url: `/api/sandbox/orders/${orderId}/pay`,
    headers,
    payload: { outcome },
  });
}

interface WebhookOptions {
  eventId?: string;
  signature?: string;
  secret?: string;
}

function failedEvent(orderId: string, paymentId: string) {
  return {
    entity: 'event',
    event: 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          status: 'failed',
          order_id: orderId,
          error_code: 'BAD_REQUEST_ERROR',
          error_description: 'Card declined by the issuing bank',
        },
      },
    },
  };
}

async function webhook(event: object, options: WebhookOptions = {}) {
  const raw = JSON.stringify(event);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-razorpay-signature':
      options.signature ?? hmacSha256Hex(options.secret ?? t.config.payment.webhookSecret, raw),
  };
  if (options.eventId !== '') headers['x-razorpay-event-id'] = options.eventId ?? providerStyleId('evt');
  return t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers, payload: raw });
}

describe('POST /api/verify-payment', () => {
  it('marks the order paid when the signature holds', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const res = await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(order.order_id, paymentId),
    });
    expect(res.statusCode).toBe(200);
    // The ISAAC purifier sets itself up: no technician's visit follows (the success page's next steps).
    expect(res.json()).toEqual({
      status: 'paid',
      order_id: order.order_id,
      payment_id: paymentId,
      installation: false,
    });
    const row = await orderRow(t.db, order.order_id);
    expect(row).toMatchObject({ status: 'paid', paymentId });
    expect(row?.paidAt).toBeInstanceOf(Date);
  });

  it('says when our electricians install what was bought (a Lumos kit: installation true)', async () => {
    const res = await postOrder(
      t.app,
      orderBody('Lumos Home Kit', {
        installation_address: { city: 'Pune', pincode: '411001', address: '4 Camp Road' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json<{ order_id: string }>();
    const paymentId = providerStyleId('pay');
    const paid = await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(order.order_id, paymentId),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', installation: true });
  });

  it('is idempotent: verifying again answers the same paid result and changes nothing', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const body = {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(order.order_id, paymentId),
    };
    const first = await verify(body);
    const paidAt = (await orderRow(t.db, order.order_id))?.paidAt;
    const second = await verify(body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await orderRow(t.db, order.order_id))?.paidAt).toEqual(paidAt);
  });

  it('answers 409 for a different payment of an already paid order', async () => {
    const order = await createOrder(t.app);
    const first = providerStyleId('pay');
    const second = providerStyleId('pay');
    await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: first,
      razorpay_signature: sign(order.order_id, first),
    });
    const res = await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: second,
      razorpay_signature: sign(order.order_id, second),
    });
    expect(res.statusCode).toBe(409);
    expect((await orderRow(t.db, order.order_id))?.paymentId).toBe(first);
  });

  it('rejects a tampered signature with 400 invalid_signature and leaves the order unpaid', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const good = sign(order.order_id, paymentId);
    const tampered = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    for (const signature of [
      tampered,
      good.slice(0, 10),
      'not-hex-at-all',
      sign(order.order_id, 'pay_other'),
    ]) {
      const res = await verify({
        razorpay_order_id: order.order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(PAYMENT_ERROR.invalidSignature);
    }
    expect((await orderRow(t.db, order.order_id))?.status).toBe('created');
  });

  it('rejects a signature made with another secret', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const res = await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature('some-other-secret', order.order_id, paymentId),
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown order', async () => {
    const orderId = providerStyleId('order');
    const paymentId = providerStyleId('pay');
    const res = await verify({
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(orderId, paymentId),
    });
    expect(res.statusCode).toBe(404);
  });

  it('validates its body', async () => {
    const res = await verify({
      razorpay_order_id: 'order_x',
      razorpay_payment_id: '',
      razorpay_signature: 'x',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/payments/webhook', () => {
  it('marks the order paid on payment.captured, needs no CSRF header', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const res = await webhook(capturedEvent(order.order_id, paymentId, order.amount));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'processed' });
    expect(await orderRow(t.db, order.order_id)).toMatchObject({ status: 'paid', paymentId });
  });

  it('marks the order paid on order.paid', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const event = {
      ...capturedEvent(order.order_id, paymentId, order.amount, 'order.paid'),
      contains: ['payment', 'order'],
    };
    event.payload = {
      ...event.payload,
      ...{
        order: {
          entity: { id: order.order_id, amount: order.amount, amount_paid: order.amount, status: 'paid' },
        },
      },
    };
    const res = await webhook(event);
    expect(res.json()).toEqual({ status: 'processed' });
    expect(await orderRow(t.db, order.order_id)).toMatchObject({ status: 'paid', paymentId });
  });

  it('rejects a missing or wrong signature with 400 and changes nothing', async () => {
    const order = await createOrder(t.app);
    const event = capturedEvent(order.order_id, providerStyleId('pay'), order.amount);
    const wrongSecret = await webhook(event, { secret: 'not-the-webhook-secret' });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error).toBe(PAYMENT_ERROR.invalidSignature);
    const garbage = await webhook(event, { signature: 'abc' });
    expect(garbage.statusCode).toBe(400);
    const raw = JSON.stringify(event);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(PAYMENT_ERROR.missingSignature);
    // A body altered after signing.
    const signature = hmacSha256Hex(t.config.payment.webhookSecret, raw);
    const altered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      payload: raw.replace(`"amount":${order.amount}`, '"amount":100'),
    });
    expect(altered.statusCode).toBe(400);
    expect((await orderRow(t.db, order.order_id))?.status).toBe('created');
  });

  it('verifies the exact bytes: a signed body with unusual spacing is accepted', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const raw = JSON.stringify(capturedEvent(order.order_id, paymentId, order.amount), null, 3);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-razorpay-signature': hmacSha256Hex(t.config.payment.webhookSecret, raw),
      },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(t.db, order.order_id))?.status).toBe('paid');
  });

  it('processes a replayed event once (same event id)', async () => {
    const order = await createOrder(t.app);
    const eventId = providerStyleId('evt');
    const event = capturedEvent(order.order_id, providerStyleId('pay'), order.amount);
    const first = await webhook(event, { eventId });
    const second = await webhook(event, { eventId });
    expect(first.json()).toEqual({ status: 'processed' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ status: 'duplicate' });
    const [stored] = await t.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, eventId));
    expect(stored?.n).toBe(1);
  });

  it('without an event id header, de-duplicates by the payload id', async () => {
    const order = await createOrder(t.app);
    const event = { id: providerStyleId('evt'), ...failedEvent(order.order_id, providerStyleId('pay')) };
    expect((await webhook(event, { eventId: '' })).json()).toEqual({ status: 'processed' });
    expect((await webhook(event, { eventId: '' })).json()).toEqual({ status: 'duplicate' });
  });

  it('is safe out of order: payment.failed after payment.captured leaves the order paid', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    await webhook(capturedEvent(order.order_id, paymentId, order.amount));
    const late = await webhook(failedEvent(order.order_id, providerStyleId('pay')));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ status: 'ignored' });
    expect(await orderRow(t.db, order.order_id)).toMatchObject({ status: 'paid', paymentId });
  });

  it('payment.failed records the attempt; a later capture still pays the order', async () => {
    const order = await createOrder(t.app);
    await webhook(failedEvent(order.order_id, providerStyleId('pay')));
    expect(await orderRow(t.db, order.order_id)).toMatchObject({
      status: 'attempted',
      failureReason: 'Card declined by the issuing bank',
    });
    const paymentId = providerStyleId('pay');
    await webhook(capturedEvent(order.order_id, paymentId, order.amount));
    expect(await orderRow(t.db, order.order_id)).toMatchObject({
      status: 'paid',
      paymentId,
      failureReason: null,
    });
  });

  it('verify after the webhook (and the webhook after verify) agree on one paid order', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    await webhook(capturedEvent(order.order_id, paymentId, order.amount));
    const res = await verify({
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(order.order_id, paymentId),
    });
    expect(res.json()).toEqual({
      status: 'paid',
      order_id: order.order_id,
      payment_id: paymentId,
      installation: false,
    });

    const other = await createOrder(t.app);
    const otherPayment = providerStyleId('pay');
    await verify({
      razorpay_order_id: other.order_id,
      razorpay_payment_id: otherPayment,
      razorpay_signature: sign(other.order_id, otherPayment),
    });
    const late = await webhook(capturedEvent(other.order_id, otherPayment, other.amount));
    expect(late.json()).toEqual({ status: 'ignored' });
    expect(await orderRow(t.db, other.order_id)).toMatchObject({ status: 'paid', paymentId: otherPayment });
  });

  it('verify and webhook racing on one order mark it paid once, and all of them answer 200', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const body = {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(order.order_id, paymentId),
    };
    const event = capturedEvent(order.order_id, paymentId, order.amount);
    const results = await Promise.all([
      verify(body),
      webhook(event),
      verify(body),
      webhook(event),
      verify(body),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const webhookStatuses = [results[1], results[3]].map((r) => r?.json<{ status: string }>().status);
    expect(webhookStatuses.filter((s) => s === 'processed').length).toBeLessThanOrEqual(1);
    expect(await orderRow(t.db, order.order_id)).toMatchObject({ status: 'paid', paymentId });
  });

  it('ignores (200) events for unknown orders, a wrong amount, and other event types', async () => {
    const unknown = await webhook(capturedEvent(providerStyleId('order'), providerStyleId('pay'), 100));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 'ignored' });

    const order = await createOrder(t.app);
    const wrongAmount = await webhook(capturedEvent(order.order_id, providerStyleId('pay'), 100));
    expect(wrongAmount.json()).toEqual({ status: 'ignored' });
    expect((await orderRow(t.db, order.order_id))?.status).toBe('created');

    const refund = await webhook({ event: 'refund.created', payload: {} });
    expect(refund.json()).toEqual({ status: 'ignored' });
  });

  it('rejects a signed body that is not an event', async () => {
    for (const raw of ['not json', '[]', '{"payload":{}}']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/webhook',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacSha256Hex(t.config.payment.webhookSecret, raw),
        },
        payload: raw,
      });
      expect(res.statusCode, raw).toBe(400);
    }
  });
});

describe('activity log', () => {
  const actionsOf = async (orderId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entityId, orderId)).orderBy(auditLog.at)).map(
      (e) => [e.action, e.channel, e.actorId],
    );

  it('records the order placed and paid once, whichever of verify and webhook comes first', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const body = {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: sign(order.order_id, paymentId),
    };
    expect((await verify(body)).statusCode).toBe(200);
    expect((await webhook(capturedEvent(order.order_id, paymentId, order.amount))).statusCode).toBe(200);
    expect((await verify(body)).statusCode).toBe(200);
    expect(await actionsOf(order.order_id)).toEqual([
      ['order.created', 'api', null],
      ['payment.verified', 'api', null],
    ]);
    const [paid] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.verified'))
      .orderBy(auditLog.at);
    expect(JSON.stringify(paid)).not.toContain(body.razorpay_signature);
  });

  it('a webhook payment is the system acting; a failed payment is recorded, a refused one is not', async () => {
    const order = await createOrder(t.app);
    await webhook(failedEvent(order.order_id, providerStyleId('pay')));
    // A wrong signature changes nothing and records nothing.
    await webhook(capturedEvent(order.order_id, providerStyleId('pay'), order.amount), { secret: 'wrong' });
    await webhook(capturedEvent(order.order_id, providerStyleId('pay'), order.amount));
    expect(await actionsOf(order.order_id)).toEqual([
      ['order.created', 'api', null],
      ['payment.failed', 'system', null],
      ['payment.verified', 'system', null],
    ]);
  });
});

describe('sandbox checkout', () => {
  it('shows the order to pay', async () => {
    const order = await createOrder(t.app, 'Wall Mount Kit');
    const res = await t.app.inject({ method: 'GET', url: `/api/sandbox/orders/${order.order_id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      order_id: order.order_id,
      amount: 39_900,
      currency: 'INR',
      description: 'Wall Mount Kit',
      status: 'created',
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/orders/${providerStyleId('order')}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('a successful payment answers a Razorpay-style signed response that verify accepts', async () => {
    const order = await createOrder(t.app);
    const res = await pay(order.order_id, 'success');
    expect(res.statusCode).toBe(200);
    const body = res.json<VerifyPaymentBody>();
    expect(body.razorpay_order_id).toBe(order.order_id);
    expect(body.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
    expect(body.razorpay_signature).toBe(sign(order.order_id, body.razorpay_payment_id));
    expect((await orderRow(t.db, order.order_id))?.status).toBe('created');
    expect((await verify(body)).json()).toMatchObject({ status: 'paid' });
    const again = await pay(order.order_id, 'success');
    expect(again.statusCode).toBe(409);
  });

  it('a failed payment answers 402 payment_failed and records the attempt', async () => {
    const order = await createOrder(t.app);
    const res = await pay(order.order_id, 'failure');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual(SANDBOX_PAYMENT_FAILED);
    expect(await orderRow(t.db, order.order_id)).toMatchObject({
      status: 'attempted',
      failureReason: SANDBOX_PAYMENT_FAILED.message,
    });
    const retry = await pay(order.order_id, 'success');
    expect(retry.statusCode).toBe(200);
  });

  it('pay needs the CSRF header and a valid outcome', async () => {
    const order = await createOrder(t.app);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/orders/${order.order_id}/pay`,
      payload: { outcome: 'success' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const { headers } = await csrf(t.app);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/orders/${order.order_id}/pay`,
      headers,
      payload: { outcome: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('a crash between payment and verification loses no order', () => {
  let crash: TestApp;
  beforeAll(async () => {
    crash = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '20' } });
  });
  afterAll(() => crash.close());

  it('the sandbox webhook marks the order paid although verify is never called', async () => {
    const order = await createOrder(crash.app);
    const res = await pay(order.order_id, 'success', crash.app);
    expect(res.statusCode).toBe(200);
    const paymentId = res.json<VerifyPaymentBody>().razorpay_payment_id;
    // The browser "crashes" here: no verify call.
    const deadline = Date.now() + 20_000;
    let row = await orderRow(crash.db, order.order_id);
    while (row?.status !== 'paid' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      row = await orderRow(crash.db, order.order_id);
    }
    expect(row).toMatchObject({ status: 'paid', paymentId });
    const [event] = await crash.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerOrderId, order.order_id));
    expect(event?.type).toBe('payment.captured');
    expect(event?.eventId).toMatch(/^evt_[0-9A-Za-z]{14}$/);
    // The buyer's verify, if it ever comes, agrees.
    const { headers } = await csrf(crash.app);
    const late = await crash.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      headers,
      payload: res.json(),
    });
    expect(late.json()).toEqual({
      status: 'paid',
      order_id: order.order_id,
      payment_id: paymentId,
      installation: false,
    });
  });
});

describe('with PAYMENT_PROVIDER=razorpay', () => {
  let live: TestApp;
  beforeAll(async () => {
    live = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_x',
        RAZORPAY_API_BASE: 'http://127.0.0.1:9',
      },
    });
  });
  afterAll(() => live.close());

  it('the sandbox checkout does not exist (404, not registered)', async () => {
    const get = await live.app.inject({
      method: 'GET',
      url: `/api/sandbox/orders/${providerStyleId('order')}`,
    });
    expect(get.statusCode).toBe(404);
    const res = await pay(providerStyleId('order'), 'success', live.app);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
    expect(live.app.routeTable.filter((r) => r.url.startsWith('/api/sandbox/'))).toEqual([]);
  });
});

/** A production-mode API on its own in-memory database, logging into `lines`. */
async function productionApp(env: Record<string, string>, lines: string[]) {
  const config = loadConfig({
    NODE_ENV: 'production',
    // No broker: a fixed MQTT port would clash with the suite running on the other database at the same time.
    DEVICE_TRANSPORT: 'direct',
    JWT_SECRET: 'p'.repeat(40),
    DATA_ENCRYPTION_KEYS: `p1:${Buffer.alloc(32, 1).toString('base64')}`, // required in production (ADR 052)
    RAZORPAY_KEY_SECRET: 'production-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'production-webhook-secret',
    SELLER_LEGAL_NAME: 'Isaac Technologies Private Limited',
    SELLER_ADDRESS: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
    SELLER_STATE: 'Karnataka',
    SELLER_GSTIN: '29AAECI1234F1ZU',
    ...env,
  });
  const database = await createDatabase({ databaseUrl: MEMORY_URL, dataDir: '' });
  await migrateDatabase(database);
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const app = await buildApp({ config, db: database.db, logger });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('sandbox payments in production (ADR 016)', () => {
  it('the server refuses to start without an explicit PAYMENT_PROVIDER', async () => {
    await expect(productionApp({}, [])).rejects.toThrow(/PAYMENT_PROVIDER must be set/);
  });

  it('PAYMENT_PROVIDER=sandbox alone is refused: free orders need ALLOW_SANDBOX_PAYMENTS=true', async () => {
    await expect(productionApp({ PAYMENT_PROVIDER: 'sandbox' }, [])).rejects.toThrow(
      /ALLOW_SANDBOX_PAYMENTS=true/,
    );
  });

  it('with razorpay, nobody can pay an order through the sandbox', async () => {
    const lines: string[] = [];
    const prod = await productionApp({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_x' }, lines);
    try {
      const res = await pay(providerStyleId('order'), 'success', prod.app);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
      expect(lines.join('')).not.toContain(SANDBOX_PRODUCTION_WARNING);
    } finally {
      await prod.close();
    }
  });

  it('an explicitly allowed sandbox works and warns at every start', async () => {
    const lines: string[] = [];
    const prod = await productionApp({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' }, lines);
    try {
      const order = await createOrder(prod.app);
      const res = await pay(order.order_id, 'success', prod.app);
      expect(res.statusCode).toBe(200);
      const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(warnings).toContainEqual(
        expect.objectContaining({ level: 40, msg: SANDBOX_PRODUCTION_WARNING }),
      );
    } finally {
      await prod.close();
    }
  });
});

describe('roles', () => {
  it('payment calls are public: a signed-in user is treated like anyone', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const order = await createOrder(t.app);
    const { headers } = await csrf(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/orders/${order.order_id}/pay`,
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload: { outcome: 'success' },
    });
    expect(res.statusCode).toBe(200);
  });
});
