import { ORDER_ACTION_MSG, ROLE, type OrderActionResponse } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  auditLog,
  installationJobs,
  installations,
  notifications,
  orders,
  type OrderRow,
} from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { PROVIDER_ERROR } from '../payments/razorpay.ts';
import { SandboxProvider } from '../payments/sandbox.ts';
import { ProviderCallError } from './order-provider.ts';
import { REFUND_IN_FLIGHT_MS } from './service.ts';
import { orderBody, orderRow, postOrder } from '../../test/orders.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = await authed(t.app, (await t.signIn(ROLE.admin)).token);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const ADDRESS = { city: 'Bengaluru', pincode: '560034', address: '12, 80 Feet Road, Koramangala' };

/** A new sandbox order for `product` (with the installation address when given), as stored. */
async function newOrder(product = 'ISAAC', address?: typeof ADDRESS): Promise<OrderRow> {
  const res = await postOrder(t.app, orderBody(product, address ? { installation_address: address } : {}));
  if (res.statusCode !== 200) throw new Error(`create-order failed: ${res.statusCode} ${res.body}`);
  const row = await orderRow(t.db, res.json<{ order_id: string }>().order_id);
  if (!row) throw new Error('order not stored');
  return row;
}

/** The order, paid (set directly: what the payment's fulfilment makes is arranged by each test). */
async function paidOrder(product = 'ISAAC', address?: typeof ADDRESS): Promise<OrderRow> {
  const order = await newOrder(product, address);
  const [paid] = await t.db
    .update(orders)
    .set({ status: 'paid', paymentId: `pay_${order.id.slice(0, 14)}`, paidAt: t.clock.now() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!paid) throw new Error('order not updated');
  return paid;
}

async function act(action: 'cancel' | 'refund', id: string, reason = '', as = headers) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/${action}`,
    headers: as,
    payload: { reason },
  });
}

async function current(id: string): Promise<OrderRow | undefined> {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

async function auditOf(order: OrderRow, action: 'order.cancelled' | 'order.refunded') {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, order.providerOrderId)));
}

describe('POST /api/admin/orders/:id/cancel', () => {
  it('cancels an unpaid order (created or attempted) with the reason in the activity log', async () => {
    const order = await newOrder();
    const res = await act('cancel', order.id, 'Customer changed their mind');
    expect(res.statusCode).toBe(200);
    const body = res.json<OrderActionResponse>();
    expect(body.message).toBe(ORDER_ACTION_MSG.cancelled);
    expect(body.order).toMatchObject({ _id: order.id, status: 'cancelled' });
    expect((await current(order.id))?.cancelledAt).not.toBeNull();
    const [record] = await auditOf(order, 'order.cancelled');
    expect(record?.changes).toEqual({
      status: { before: 'created', after: 'cancelled' },
      reason: { before: null, after: 'Customer changed their mind' },
    });

    const attempted = await newOrder('SKYWALKER');
    await t.db.update(orders).set({ status: 'attempted' }).where(eq(orders.id, attempted.id));
    expect((await act('cancel', attempted.id)).statusCode).toBe(200);
  });

  it('refuses a paid, refunded or cancelled order (409) and an unknown one (404)', async () => {
    const paid = await paidOrder();
    const res = await act('cancel', paid.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ORDER_ACTION_MSG.notCancellable);
    expect((await current(paid.id))?.status).toBe('paid');

    const cancelled = await newOrder();
    expect((await act('cancel', cancelled.id)).statusCode).toBe(200);
    expect((await act('cancel', cancelled.id)).statusCode).toBe(409);

    expect((await act('cancel', 'no-such-order')).statusCode).toBe(404);
  });
});

describe('POST /api/admin/orders/:id/refund', () => {
  it("tells the buyer in their notifications (the order's account)", async () => {
    const buyer = await t.createUser({ role: ROLE.owner });
    const order = await paidOrder();
    await t.db.update(orders).set({ customerId: buyer.user.id }).where(eq(orders.id, order.id));
    expect((await act('refund', order.id)).statusCode).toBe(200);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.user.id), eq(notifications.kind, 'order_refunded')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: 'Your order is refunded', link: '/owner/orders' });
  });

  it('refunds a paid order through the provider, once', async () => {
    const order = await paidOrder();
    const spy = vi.spyOn(SandboxProvider.prototype, 'refund');
    const res = await act('refund', order.id, 'Damaged in transit');
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderActionResponse>()).toMatchObject({
      message: ORDER_ACTION_MSG.refunded,
      order: { _id: order.id, status: 'refunded' },
    });
    expect(spy).toHaveBeenCalledWith(
      order.paymentId,
      order.amountPaise,
      { order_id: order.providerOrderId, reason: 'Damaged in transit' },
      expect.stringMatching(/^[0-9a-f-]{36}$/),
    );
    const row = await current(order.id);
    expect(row?.status).toBe('refunded');
    expect(row?.refundKey).toBe(spy.mock.calls[0]?.[3]);
    expect(row?.refundRequestedAt).toBeNull();
    expect(row?.refundId).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);
    expect(row?.refundedAt).not.toBeNull();
    const [record] = await auditOf(order, 'order.refunded');
    expect(record?.changes).toMatchObject({
      status: { before: 'paid', after: 'refunded' },
      refund_id: { before: null, after: row?.refundId },
      amount: { before: null, after: order.amountPaise },
    });

    const again = await act('refund', order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(ORDER_ACTION_MSG.alreadyRefunded);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('refunds once when two refunds race', async () => {
    const order = await paidOrder();
    const spy = vi.spyOn(SandboxProvider.prototype, 'refund');
    const results = await Promise.all([act('refund', order.id), act('refund', order.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('refuses an unpaid order (409) and an unknown one (404)', async () => {
    const order = await newOrder();
    const res = await act('refund', order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(ORDER_ACTION_MSG.notRefundable);
    expect((await act('refund', 'no-such-order')).statusCode).toBe(404);
  });

  it("cancels the order's installation job and deletes its pending installation", async () => {
    const customer = (await t.createUser({ role: ROLE.owner })).user;
    const electrician = (await t.createUser({ role: ROLE.electrician })).user;
    const order = await paidOrder('Lumos Home Kit', ADDRESS);
    const [installation] = await t.db
      .insert(installations)
      .values({ electricianId: electrician.id, customerId: customer.id, status: 'pending' })
      .returning();
    const [job] = await t.db
      .insert(installationJobs)
      .values({
        orderId: order.id,
        customerId: customer.id,
        address: ADDRESS,
        electricianId: electrician.id,
        installationId: installation?.id,
      })
      .returning();

    expect((await act('refund', order.id)).statusCode).toBe(200);
    const [cancelledJob] = await t.db
      .select()
      .from(installationJobs)
      .where(eq(installationJobs.id, job?.id ?? ''));
    expect(cancelledJob?.cancelledAt).not.toBeNull();
    expect(cancelledJob?.installationId).toBeNull();
    expect(
      await t.db
        .select()
        .from(installations)
        .where(eq(installations.id, installation?.id ?? '')),
    ).toEqual([]);
    const [record] = await auditOf(order, 'order.refunded');
    expect(record?.changes).toMatchObject({
      installation_job: { before: 'open', after: 'cancelled' },
      pending_installation: { before: installation?.id, after: null },
    });
  });

  it('keeps an installation already in progress', async () => {
    const customer = (await t.createUser({ role: ROLE.owner })).user;
    const electrician = (await t.createUser({ role: ROLE.electrician })).user;
    const order = await paidOrder('Lumos Home Kit', ADDRESS);
    const [installation] = await t.db
      .insert(installations)
      .values({ electricianId: electrician.id, customerId: customer.id, status: 'in_progress' })
      .returning();
    await t.db.insert(installationJobs).values({
      orderId: order.id,
      customerId: customer.id,
      address: ADDRESS,
      electricianId: electrician.id,
      installationId: installation?.id,
    });

    expect((await act('refund', order.id)).statusCode).toBe(200);
    const [job] = await t.db.select().from(installationJobs).where(eq(installationJobs.orderId, order.id));
    expect(job?.cancelledAt).not.toBeNull();
    expect(job?.installationId).toBe(installation?.id);
  });

  it("answers the provider's failure with 502 and its message, changing nothing", async () => {
    const customer = (await t.createUser({ role: ROLE.owner })).user;
    const order = await paidOrder('Lumos Home Kit', ADDRESS);
    await t.db
      .insert(installationJobs)
      .values({ orderId: order.id, customerId: customer.id, address: ADDRESS });
    vi.spyOn(SandboxProvider.prototype, 'refund').mockRejectedValueOnce(
      new HttpError(
        502,
        PROVIDER_ERROR,
        'Payment provider error (HTTP 400): The payment has been fully refunded',
      ),
    );
    const res = await act('refund', order.id);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: PROVIDER_ERROR,
      message: 'Payment provider error (HTTP 400): The payment has been fully refunded',
    });
    const row = await current(order.id);
    expect(row).toMatchObject({ status: 'paid', refundId: null, refundedAt: null });
    const [job] = await t.db.select().from(installationJobs).where(eq(installationJobs.orderId, order.id));
    expect(job?.cancelledAt).toBeNull();
    expect(await auditOf(order, 'order.refunded')).toEqual([]);
  });
});

describe('a refund and the provider (ADR 044)', () => {
  /** A provider call that waits until the test lets it answer. */
  function heldRefund() {
    let release: (value: { id: string; status: string }) => void = () => undefined;
    const answer = new Promise<{ id: string; status: string }>((resolve) => {
      release = resolve;
    });
    let called: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => {
      called = resolve;
    });
    const spy = vi.spyOn(SandboxProvider.prototype, 'refund').mockImplementationOnce(async () => {
      called();
      return answer;
    });
    return { spy, sent, release };
  }

  it('holds no transaction and no lock on the order while the provider answers; a second refund is 409', async () => {
    const order = await paidOrder();
    const held = heldRefund();
    const refunding = act('refund', order.id, 'Wrong model');
    await held.sent;
    // The order's row can be locked at once (no transaction of the refund holds it; on PGlite's single
    // connection this transaction would wait for an open one).
    const locked = await t.db.transaction(async (tx) =>
      tx.select().from(orders).where(eq(orders.id, order.id)).for('update', { noWait: true }),
    );
    expect(locked[0]).toMatchObject({ status: 'paid', refundKey: held.spy.mock.calls[0]?.[3] });
    expect(locked[0]?.refundRequestedAt).not.toBeNull();
    const second = await act('refund', order.id);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(ORDER_ACTION_MSG.refundInProgress);

    held.release({ id: 'rfnd_HeldRefund0001', status: 'processed' });
    const res = await refunding;
    expect(res.statusCode).toBe(200);
    expect(await current(order.id)).toMatchObject({
      status: 'refunded',
      refundId: 'rfnd_HeldRefund0001',
      refundRequestedAt: null,
    });
    expect(held.spy).toHaveBeenCalledTimes(1);
  });

  it('after a timeout, the next attempt sends the very same request (same key, same reason)', async () => {
    const order = await paidOrder();
    const spy = vi
      .spyOn(SandboxProvider.prototype, 'refund')
      .mockRejectedValueOnce(
        new ProviderCallError(
          'Payment provider did not answer in time: the refund was not confirmed.',
          false,
        ),
      );
    const lost = await act('refund', order.id, 'Arrived broken');
    expect(lost.statusCode).toBe(502);
    expect(await current(order.id)).toMatchObject({ status: 'paid', refundRequestedAt: null });

    // another admin, another reason: the provider still gets the first request, which it may have carried out
    const retried = await act('refund', order.id, 'Customer asked');
    expect(retried.statusCode).toBe(200);
    expect(spy).toHaveBeenCalledTimes(2);
    const [first, second] = spy.mock.calls;
    expect(second).toEqual(first);
    expect(first?.[2]).toEqual({ order_id: order.providerOrderId, reason: 'Arrived broken' });
    expect(await auditOf(order, 'order.refunded')).toHaveLength(1);
  });

  it('after the provider refused, the next attempt is a new request', async () => {
    const order = await paidOrder();
    const spy = vi
      .spyOn(SandboxProvider.prototype, 'refund')
      .mockRejectedValueOnce(
        new ProviderCallError('Payment provider error (HTTP 400): Insufficient balance', true),
      );
    expect((await act('refund', order.id, 'First try')).statusCode).toBe(502);
    expect(await current(order.id)).toMatchObject({
      refundKey: null,
      refundReason: null,
      refundRequestedAt: null,
    });
    expect((await act('refund', order.id, 'Second try')).statusCode).toBe(200);
    const [first, second] = spy.mock.calls;
    expect(second?.[3]).not.toBe(first?.[3]);
    expect(second?.[2]).toMatchObject({ reason: 'Second try' });
  });

  it('a refund left in flight by a process that died can be sent again, with its key, after a minute', async () => {
    const order = await paidOrder();
    await t.db
      .update(orders)
      .set({ refundKey: 'key-from-a-dead-process', refundRequestedAt: t.clock.now(), refundReason: 'Late' })
      .where(eq(orders.id, order.id));
    expect((await act('refund', order.id)).statusCode).toBe(409);
    t.clock.advance(REFUND_IN_FLIGHT_MS + 1_000);
    const spy = vi.spyOn(SandboxProvider.prototype, 'refund');
    expect((await act('refund', order.id)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledWith(
      order.paymentId,
      order.amountPaise,
      { order_id: order.providerOrderId, reason: 'Late' },
      'key-from-a-dead-process',
    );
  });
});

describe('order actions are for admins only', () => {
  it('answers 403 to owners and electricians, 401 without a session', async () => {
    const order = await paidOrder();
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const as = await authed(t.app, (await t.signIn(role)).token);
      expect((await act('refund', order.id, '', as)).statusCode).toBe(403);
      expect((await act('cancel', order.id, '', as)).statusCode).toBe(403);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refund`,
      payload: { reason: '' },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    expect((await current(order.id))?.status).toBe('paid');
  });
});
