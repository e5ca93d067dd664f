import { ROLE, type InstallationAddress, type OwnerOrderList } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationJobs, installations, orders, type UserRow } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADDRESS: InstallationAddress = { city: 'Pune', pincode: '411001', address: '4 Camp Road' };

let counter = 0;
async function order(
  customer: UserRow | null,
  patch: Partial<typeof orders.$inferInsert> = {},
): Promise<typeof orders.$inferSelect> {
  counter += 1;
  const [row] = await t.db
    .insert(orders)
    .values({
      provider: 'sandbox',
      providerOrderId: `order_owner_${process.pid}_${counter}`,
      receipt: `rcpt_owner_${counter}`,
      amountPaise: 2_999_900,
      status: 'paid',
      items: [{ catalog_id: 'isaac', name: 'ISAAC Air Purifier', quantity: 1, unit_paise: 2_999_900 }],
      notes: { product: 'ISAAC Air Purifier' },
      customerName: customer?.name ?? 'Someone',
      customerEmail: customer?.email ?? 'someone@test.isaac',
      customerId: customer?.id ?? null,
      paymentId: `pay_owner_${process.pid}_${counter}`,
      paidAt: t.clock.now(),
      createdAt: new Date(t.clock.now().getTime() + counter * 1000),
      ...patch,
    })
    .returning();
  return row!;
}

const list = async (token: string): Promise<OwnerOrderList> => {
  const res = await t.app.inject({ method: 'GET', url: '/api/orders', headers: await authed(t.app, token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OwnerOrderList>();
};

describe('GET /api/orders', () => {
  it("lists the caller's own orders, newest first, each with its installation", async () => {
    const { user: me, token } = await t.signIn(ROLE.owner, { name: 'Meera Iyer' });
    const { user: other } = await t.createUser({ role: ROLE.owner });
    const { user: el } = await t.createUser({ role: ROLE.electrician, name: 'Farhan Ali' });

    const plain = await order(me);
    const waiting = await order(me, {
      needsInstallation: true,
      installationAddress: ADDRESS,
      items: [{ catalog_id: 'lumos-2', name: 'Lumos 2-gang', quantity: 3, unit_paise: 999_900 }],
    });
    await t.db.insert(installationJobs).values({ orderId: waiting.id, customerId: me.id, address: ADDRESS });
    const scheduled = await order(me, { needsInstallation: true, installationAddress: ADDRESS });
    const [installation] = await t.db
      .insert(installations)
      .values({ electricianId: el.id, customerId: me.id, status: 'pending', installationDate: '2031-03-04' })
      .returning();
    await t.db.insert(installationJobs).values({
      orderId: scheduled.id,
      customerId: me.id,
      address: ADDRESS,
      electricianId: el.id,
      installationDate: '2031-03-04',
      installationId: installation!.id,
    });
    const refunded = await order(me, { status: 'refunded', refundedAt: t.clock.now() });
    await order(other);
    await order(null);

    const result = await list(token);
    expect(result.orders.map((o) => o._id)).toEqual([refunded.id, scheduled.id, waiting.id, plain.id]);
    const byId = new Map(result.orders.map((o) => [o._id, o]));
    expect(byId.get(plain.id)).toMatchObject({
      order_id: plain.providerOrderId,
      product: 'ISAAC Air Purifier',
      amount: 2_999_900,
      status: 'paid',
      payment_id: plain.paymentId,
      needs_installation: false,
      address: null,
      installation: null,
      refunded_at: null,
    });
    expect(byId.get(waiting.id)).toMatchObject({
      needs_installation: true,
      address: ADDRESS,
      items: [{ id: 'lumos-2', name: 'Lumos 2-gang', quantity: 3, unit_amount: 999_900 }],
      installation: { state: 'unassigned', date: null, electrician: null, completed_at: null },
    });
    expect(byId.get(scheduled.id)?.installation).toEqual({
      state: 'scheduled',
      date: '2031-03-04',
      electrician: 'Farhan Ali',
      completed_at: null,
    });
    expect(byId.get(refunded.id)).toMatchObject({ status: 'refunded', refunded_at: expect.any(String) });

    // Completed: the date it was completed.
    const completedAt = new Date('2031-03-04T10:00:00.000Z');
    await t.db
      .update(installations)
      .set({ status: 'completed', phase: 'completed', completedAt })
      .where(eq(installations.id, installation!.id));
    const after = await list(token);
    expect(after.orders.find((o) => o._id === scheduled.id)?.installation).toMatchObject({
      state: 'completed',
      completed_at: completedAt.toISOString(),
    });
  });

  it('answers an empty list to any signed-in user without orders, and 401 without a token', async () => {
    for (const role of [ROLE.owner, ROLE.electrician, ROLE.admin]) {
      const { token } = await t.signIn(role);
      expect(await list(token)).toEqual({ orders: [], page: 1, page_size: 20, total: 0 });
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(401);
  });

  it('pages and sorts by when, amount or status, both ways; refuses another sort', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const first = await order(user, { amountPaise: 500_000, status: 'refunded' });
    const second = await order(user, {
      amountPaise: 100_000,
      status: 'created',
      paidAt: null,
      paymentId: null,
    });
    const third = await order(user, { amountPaise: 300_000 });
    const headers = await authed(t.app, token);
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers });
    const listed = (body: unknown) => (body as OwnerOrderList).orders;
    const id = (o: { _id: string }) => o._id;
    await expectSortedBy(get, listed, 'created_at', id, [first.id, second.id, third.id]);
    await expectSortedBy(get, listed, 'amount', id, [second.id, third.id, first.id]);
    await expectSortedBy(get, listed, 'status', id, [second.id, third.id, first.id]);
    await expectBadSortRefused(get);
    const page = (await get('page=2&page_size=2')).json<OwnerOrderList>();
    expect(page).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(page.orders.map(id)).toEqual([first.id]);
  });
});
