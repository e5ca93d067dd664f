import { SANDBOX_PAYMENT_FAILED, type VerifyPaymentBody } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { paymentEvents } from '../../db/schema/index.ts';
import { csrf, createTestApp, createTestDatabase, type TestApp } from '../../test/helpers.ts';
import { createOrder, orderRow } from '../../test/orders.ts';
import { SANDBOX_PRODUCTION_WARNING } from './routes.ts';
import { providerStyleId } from './signatures.ts';
import { paymentsSuite } from '../../test/payments.ts';

let t: TestApp;
const { sign, verify, pay } = paymentsSuite((app) => (t = app));

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
  const { database, drop } = await createTestDatabase();
  try {
    await migrateDatabase(database);
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = await buildApp({ config, db: database.db, logger });
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    // A refused configuration (the tests of what production refuses) leaves no database behind.
    await database.close();
    await drop();
    throw error;
  }
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
