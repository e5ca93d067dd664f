import {
  ROLE,
  type LateCaptureList,
  type LateCaptureResponse,
  type OrderActionResponse,
} from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, emailOutbox, lateCaptures, orders } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';
import { BUYER, createOrder, orderRow } from '../../test/orders.ts';
import { SandboxProvider } from './sandbox.ts';
import { paymentSignature, providerStyleId } from './signatures.ts';
import { capturedEvent, failedEvent, sendWebhook } from '../../test/payments.ts';

// Issue 29: the order lifecycle is one transition table; a payment that cannot be applied is listed for a refund.

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '60000' } });
  admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
});
afterAll(() => t.close());

const webhook = (event: object) => sendWebhook(t, event);

async function verify(orderId: string, paymentId: string) {
  const { headers } = await csrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/verify-payment',
    headers,
    payload: {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(t.config.payment.keySecret, orderId, paymentId),
    },
  });
}

async function confirmations(email: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'order_confirmation'), eq(emailOutbox.to, email)));
}

async function lateList(): Promise<LateCaptureList> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/late-captures', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LateCaptureList>();
}

/** A paid order of its own buyer (a unique e-mail), paid by webhook with `paymentId`. */
async function paidOrder(email: string) {
  const { headers } = await csrf(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: {
      amount: 8_999_900,
      currency: 'INR',
      receipt: `receipt_${Date.now()}`,
      notes: { product: 'ISAAC', ...BUYER, customer_email: email },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json<{ order_id: string }>().order_id;
  const row = await orderRow(t.db, orderId);
  const paymentId = providerStyleId('pay');
  expect((await webhook(capturedEvent(orderId, paymentId, row!.amountPaise))).json()).toEqual({
    status: 'processed',
  });
  return { orderId, paymentId, row: (await orderRow(t.db, orderId))! };
}

describe('the webhook sequence refund → late failure → capture', () => {
  it('never reopens a refunded order, sends no second confirmation, and lists the capture for a refund', async () => {
    const email = `late-${Date.now()}@example.com`;
    const { orderId, paymentId, row } = await paidOrder(email);
    expect(await confirmations(email)).toHaveLength(1);

    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${row.id}/refund`,
      headers: admin,
      payload: { reason: 'Changed their mind' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<OrderActionResponse>().order.status).toBe('refunded');
    const refunded = await orderRow(t.db, orderId);

    // a failure of another payment attempt arrives late: nothing changes
    const second = providerStyleId('pay');
    expect((await webhook(failedEvent(orderId, second))).json()).toEqual({ status: 'ignored' });
    expect(await orderRow(t.db, orderId)).toEqual(refunded);

    // then that payment is captured: recorded for a refund, the order stays refunded, no e-mail
    expect((await webhook(capturedEvent(orderId, second, row.amountPaise))).json()).toEqual({
      status: 'ignored',
    });
    const after = await orderRow(t.db, orderId);
    expect(after).toMatchObject({ status: 'refunded', paymentId, refundId: refunded!.refundId });
    expect(after?.refundedAt).toEqual(refunded!.refundedAt);
    expect(await confirmations(email)).toHaveLength(1);

    const list = await lateList();
    const listed = list.late_captures.find((c) => c.payment_id === second);
    expect(listed).toMatchObject({
      order_id: orderId,
      amount: row.amountPaise,
      reason: 'order_closed',
      order_status: 'refunded',
      customer_email: email,
      refund_id: null,
    });
    expect(list.open).toBeGreaterThanOrEqual(1);
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.captured_after_close'), eq(auditLog.entityId, orderId)));
    expect(record?.changes).toMatchObject({ payment_id: { before: null, after: second } });

    // the same capture redelivered (a new event id) records nothing new
    await webhook(capturedEvent(orderId, second, row.amountPaise));
    expect(await t.db.select().from(lateCaptures).where(eq(lateCaptures.paymentId, second))).toHaveLength(1);

    // the refunded payment itself reported again is not a new payment to refund
    await webhook(capturedEvent(orderId, paymentId, row.amountPaise));
    expect(await t.db.select().from(lateCaptures).where(eq(lateCaptures.paymentId, paymentId))).toHaveLength(
      0,
    );

    // one click refunds it, once
    const spy = vi.spyOn(SandboxProvider.prototype, 'refund');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/late-captures/${listed!._id}/refund`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<LateCaptureResponse>();
    expect(body.late_capture.refund_id).toMatch(/^rfnd_/);
    expect(body.late_capture.refunded_at).not.toBeNull();
    expect(spy).toHaveBeenCalledWith(second, row.amountPaise, expect.any(Object), expect.any(String));
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/late-captures/${listed!._id}/refund`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    expect((await orderRow(t.db, orderId))?.status).toBe('refunded');
  });

  it('a payment.failed after a refund changes nothing (the order stays refunded)', async () => {
    const { orderId, row } = await paidOrder(`failed-${Date.now()}@example.com`);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${row.id}/refund`,
      headers: admin,
      payload: { reason: '' },
    });
    await webhook(failedEvent(orderId, providerStyleId('pay')));
    expect(await orderRow(t.db, orderId)).toMatchObject({ status: 'refunded', failureReason: null });
  });
});

describe('a capture that cannot be applied', () => {
  it('for a cancelled order (verified by the checkout): 409, listed, the order stays cancelled', async () => {
    const order = await createOrder(t.app);
    const row = await orderRow(t.db, order.order_id);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${row!.id}/cancel`,
      headers: admin,
      payload: { reason: '' },
    });
    expect(cancel.statusCode).toBe(200);
    const paymentId = providerStyleId('pay');
    const res = await verify(order.order_id, paymentId);
    expect(res.statusCode).toBe(409);
    expect(await orderRow(t.db, order.order_id)).toMatchObject({ status: 'cancelled', paymentId: null });
    const [late] = await t.db.select().from(lateCaptures).where(eq(lateCaptures.paymentId, paymentId));
    expect(late).toMatchObject({ reason: 'order_closed', orderStatus: 'cancelled' });
  });

  it('a second payment of a paid order: listed for a refund, the order keeps its first payment', async () => {
    const email = `twice-${Date.now()}@example.com`;
    const { orderId, paymentId, row } = await paidOrder(email);
    const second = providerStyleId('pay');
    expect((await webhook(capturedEvent(orderId, second, row.amountPaise))).json()).toEqual({
      status: 'ignored',
    });
    expect(await orderRow(t.db, orderId)).toMatchObject({ status: 'paid', paymentId });
    expect(await confirmations(email)).toHaveLength(1);
    const listed = (await lateList()).late_captures.find((c) => c.payment_id === second);
    expect(listed).toMatchObject({ reason: 'order_paid', order_status: 'paid' });
  });

  it('the admin list and refund are for admins only', async () => {
    const owner = await authed(t.app, (await t.signIn(ROLE.owner)).token);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/late-captures', headers: owner })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/late-captures' })).statusCode).toBe(401);
    const [anyRow] = await t.db.select().from(orders).limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/late-captures/${anyRow!.id}/refund`,
      headers: owner,
    });
    expect(res.statusCode).toBe(403);
  });
});
