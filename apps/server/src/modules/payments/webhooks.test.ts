import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, paymentEvents } from '../../db/schema/index.ts';
import { type TestApp } from '../../test/helpers.ts';
import { createOrder, orderRow } from '../../test/orders.ts';
import { PAYMENT_ERROR } from './service.ts';
import { hmacSha256Hex, providerStyleId } from './signatures.ts';
import { capturedEvent } from '../../test/payments.ts';
import { failedEvent, paymentsSuite } from '../../test/payments.ts';

let t: TestApp;
const { checkoutAnswer, verify, webhook } = paymentsSuite((app) => (t = app));

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
    const res = await verify(checkoutAnswer(order.order_id, paymentId));
    expect(res.json()).toEqual({
      status: 'paid',
      order_id: order.order_id,
      payment_id: paymentId,
      installation: false,
    });

    const other = await createOrder(t.app);
    const otherPayment = providerStyleId('pay');
    await verify(checkoutAnswer(other.order_id, otherPayment));
    const late = await webhook(capturedEvent(other.order_id, otherPayment, other.amount));
    expect(late.json()).toEqual({ status: 'ignored' });
    expect(await orderRow(t.db, other.order_id)).toMatchObject({ status: 'paid', paymentId: otherPayment });
  });

  it('verify and webhook racing on one order mark it paid once, and all of them answer 200', async () => {
    const order = await createOrder(t.app);
    const paymentId = providerStyleId('pay');
    const body = checkoutAnswer(order.order_id, paymentId);
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
      const res = await webhook(raw, { eventId: '' });
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
    const body = checkoutAnswer(order.order_id, paymentId);
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
