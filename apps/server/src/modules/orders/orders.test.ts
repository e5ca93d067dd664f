import { CURRENCY, ROLE, type CreateOrderResponse, type Order } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, later, type TestApp } from '../../test/helpers.ts';
import { SYSTEM_CONTEXT } from '../audit/audit-log.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { ORDER_ERROR } from './pricing.ts';
import { BUYER, orderBody, orderRow, postOrder, pricePaise } from '../../test/orders.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '60000' } });
});
afterAll(() => t.close());

describe('POST /api/create-order', () => {
  it('prices one product from the catalog and stores the order as created', async () => {
    const res = await postOrder(t.app, orderBody('ISAAC'));
    expect(res.statusCode).toBe(200);
    const body = res.json<CreateOrderResponse>();
    expect(body).toEqual({
      order_id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
      amount: 8_999_900,
      currency: CURRENCY,
      key_id: t.config.payment.keyId,
      provider: 'sandbox',
      business_name: 'Isaac',
    });
    const row = await orderRow(t.db, body.order_id);
    expect(row).toMatchObject({
      provider: 'sandbox',
      status: 'created',
      amountPaise: 8_999_900,
      currency: 'INR',
      customerName: BUYER.customer_name,
      customerEmail: BUYER.customer_email,
      customerPhone: BUYER.customer_phone,
      paymentId: null,
      items: [{ catalog_id: 'isaac-purifier', name: 'ISAAC', quantity: 1, unit_paise: 8_999_900 }],
      notes: { product: 'ISAAC', ...BUYER },
    });
    expect(row?.receipt).toMatch(/^receipt_\d+$/);
  });

  it('finds the product by name whatever its case and surrounding space', async () => {
    const res = await postOrder(t.app, orderBody('  skywalker ', { amount: pricePaise('SKYWALKER') }));
    expect(res.statusCode).toBe(200);
    expect(res.json<CreateOrderResponse>().amount).toBe(399_900);
  });

  it('refuses a client amount that differs from the catalog', async () => {
    const res = await postOrder(t.app, orderBody('ISAAC', { amount: 899_900 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ORDER_ERROR.amountMismatch });
    expect(res.json().message).toContain('8999900');
  });

  it('refuses an unknown product', async () => {
    const res = await postOrder(t.app, orderBody('Flux Capacitor', { amount: 100 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ORDER_ERROR.unknownProduct });
    expect(res.json().message).toContain('Flux Capacitor');
  });

  it.each([
    ['Smart Touch Switches', 299_900],
    ['Smart Surveillance', 100],
    ['Connected Homes', 12_400_000],
    ['3 BHK Standard Automation Package', 12_400_000],
  ])('refuses %s: From / Custom Quote prices are never sold by card', async (product, amount) => {
    const res = await postOrder(t.app, orderBody(product, { amount }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: ORDER_ERROR.notCardPurchasable });
    expect(res.json().message).toMatch(/quote/i);
  });

  it('prices a cart by catalog ids and quantities (the same id twice adds up)', async () => {
    const items = [
      { id: 'hepa-filter', quantity: 2 },
      { id: 'carbon-filter', quantity: 1 },
      { id: 'hepa-filter', quantity: 1 },
    ];
    const amount = 3 * 129_900 + 89_900;
    const res = await postOrder(t.app, orderBody('Cart: 4 items', { amount, items }));
    expect(res.statusCode).toBe(200);
    const body = res.json<CreateOrderResponse>();
    expect(body.amount).toBe(amount);
    const row = await orderRow(t.db, body.order_id);
    expect(row?.items).toEqual([
      { catalog_id: 'hepa-filter', name: 'HEPA Filter', quantity: 3, unit_paise: 129_900 },
      { catalog_id: 'carbon-filter', name: 'Carbon Filter', quantity: 1, unit_paise: 89_900 },
    ]);
  });

  it('keeps the delivery address of goods that are shipped (a replacement filter), and refuses a bad one', async () => {
    const delivery_address = { city: 'Bengaluru', pincode: '560001', address: '12 MG Road' };
    const res = await postOrder(t.app, orderBody('HEPA Filter', { delivery_address }));
    expect(res.statusCode, res.body).toBe(200);
    const row = await orderRow(t.db, res.json<CreateOrderResponse>().order_id);
    expect(row).toMatchObject({ deliveryAddress: delivery_address, needsInstallation: false });
    const bad = await postOrder(
      t.app,
      orderBody('HEPA Filter', { delivery_address: { ...delivery_address, pincode: '56' } }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a cart whose amount differs, or that holds an unknown or quote-only id', async () => {
    const mismatch = await postOrder(
      t.app,
      orderBody('Cart: 1 item', { amount: 100, items: [{ id: 'remote-control', quantity: 1 }] }),
    );
    expect(mismatch.json()).toMatchObject({ error: ORDER_ERROR.amountMismatch });
    const unknown = await postOrder(
      t.app,
      orderBody('Cart: 1 item', { amount: 100, items: [{ id: 'no-such-id', quantity: 1 }] }),
    );
    expect(unknown.json()).toMatchObject({ error: ORDER_ERROR.unknownProduct });
    const quote = await postOrder(
      t.app,
      orderBody('Cart: 1 item', { amount: 100, items: [{ id: 'smart-surveillance', quantity: 1 }] }),
    );
    expect(quote.json()).toMatchObject({ error: ORDER_ERROR.notCardPurchasable });
    const tooMany = await postOrder(
      t.app,
      orderBody('Cart', {
        amount: 21 * 29_900,
        items: [
          { id: 'remote-control', quantity: 20 },
          { id: 'remote-control', quantity: 1 },
        ],
      }),
    );
    expect(tooMany.json()).toMatchObject({ error: ORDER_ERROR.quantityTooLarge });
  });

  it('validates the body: receipt, currency, customer fields', async () => {
    const badReceipt = await postOrder(t.app, orderBody('ISAAC', { receipt: 'order-1' }));
    expect(badReceipt.statusCode).toBe(400);
    expect(badReceipt.json().error).toBe(ORDER_ERROR.invalidReceipt);
    const usd = await postOrder(t.app, { ...orderBody('ISAAC'), currency: 'USD' });
    expect(usd.statusCode).toBe(400);
    const noEmail = await postOrder(t.app, {
      ...orderBody('ISAAC'),
      notes: { product: 'ISAAC', customer_name: 'A' },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'notes.customer_email' })]),
    );
  });

  it('refuses a call without the CSRF header', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-order', payload: orderBody('ISAAC') });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/admin/orders', () => {
  it('is for admins only: 401 without a token, 403 for an owner', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/orders' });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await t.signIn(ROLE.owner);
    const owner = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: await authed(t.app, token),
    });
    expect(owner.statusCode).toBe(403);
  });

  it('lists orders newest first, paged, with status and payment id', async () => {
    const created = await postOrder(t.app, orderBody('Remote Control'));
    const orderId = created.json<CreateOrderResponse>().order_id;
    const { token } = await t.signIn(ROLE.admin);
    const headers = await authed(t.app, token);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders?page=1&page_size=2', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ orders: Order[]; page: number; page_size: number; total: number }>();
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(2);
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.orders).toHaveLength(2);
    expect(body.orders[0]).toEqual({
      _id: expect.any(String),
      order_id: orderId,
      receipt: expect.stringMatching(/^receipt_\d+$/),
      amount: 29_900,
      currency: 'INR',
      status: 'created',
      provider: 'sandbox',
      product: 'Remote Control',
      items: [{ id: 'remote-control', name: 'Remote Control', quantity: 1, unit_amount: 29_900 }],
      customer_name: BUYER.customer_name,
      customer_email: BUYER.customer_email,
      customer_phone: BUYER.customer_phone,
      payment_id: null,
      created_at: expect.any(String),
      paid_at: null,
    });
    const last = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders?page=${Math.ceil(body.total / 2) + 1}&page_size=2`,
      headers,
    });
    expect(last.json().orders).toEqual([]);
  });
});

describe('GET /api/admin/orders filters', () => {
  it('filters by status and searches by customer name or e-mail, order id or payment id', async () => {
    const tag = `zq${Date.now()}`;
    const buyer = { customer_name: `Nisha ${tag}`, customer_email: `nisha.${tag}@example.com` };
    const first = (
      await postOrder(
        t.app,
        orderBody('Remote Control', { notes: { product: 'Remote Control', ...BUYER, ...buyer } }),
      )
    ).json<CreateOrderResponse>();
    // A little later: two orders stored within the same millisecond tie on created_at (newest first below).
    await later();
    const second = (
      await postOrder(
        t.app,
        orderBody('Remote Control', { notes: { product: 'Remote Control', ...BUYER, ...buyer } }),
      )
    ).json<CreateOrderResponse>();
    await t.app.services.orders.markPaid(first.order_id, `pay_${tag}`, SYSTEM_CONTEXT);
    const { token } = await t.signIn(ROLE.admin);
    const headers = await authed(t.app, token);
    const ids = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ orders: Order[] }>().orders.map((o) => o.order_id);
    };
    expect(await ids(`search=${tag.toUpperCase()}`)).toEqual([second.order_id, first.order_id]);
    expect(await ids(`search=nisha.${tag}&status=paid`)).toEqual([first.order_id]);
    expect(await ids(`search=nisha.${tag}&status=created`)).toEqual([second.order_id]);
    expect(await ids(`search=pay_${tag}`)).toEqual([first.order_id]);
    expect(await ids(`search=${second.order_id}`)).toEqual([second.order_id]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/orders?status=shipped', headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/admin/orders sort', () => {
  it('sorts by a column of the table, both ways; refuses another sort', async () => {
    const tag = `zs${Date.now()}`;
    const place = async (product: string, name: string) =>
      (
        await postOrder(
          t.app,
          orderBody(product, {
            notes: {
              product,
              ...BUYER,
              customer_name: `${name} ${tag}`,
              customer_email: `${tag}@example.com`,
            },
          }),
        )
      ).json<CreateOrderResponse>().order_id;
    // Each a little later than the one before: two placed within the same millisecond tie on created_at.
    const remote = await place('Remote Control', 'bela'); // ₹299
    await later();
    const hepa = await place('HEPA Filter', 'Asha'); // ₹1,299
    await later();
    const third = await place('Wall Mount Kit', 'chandra'); // ₹399, paid
    await t.app.services.orders.markPaid(third, `pay_${tag}`, SYSTEM_CONTEXT);
    const { token } = await t.signIn(ROLE.admin);
    const headers = await authed(t.app, token);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/orders?search=${tag}&${query}`, headers });
    const orders = (body: unknown) => (body as { orders: Order[] }).orders;
    const id = (order: Order) => order.order_id;
    await expectSortedBy(get, orders, 'created_at', id, [remote, hepa, third]);
    await expectSortedBy(get, orders, 'customer_name', id, [hepa, remote, third]);
    await expectSortedBy(get, orders, 'amount', id, [remote, third, hepa]);
    // 'created' before 'paid'; orders without a payment date come last either way.
    expect((await get('sort=status&order=asc')).json<{ orders: Order[] }>().orders.map(id).at(-1)).toBe(
      third,
    );
    const byPaid = async (order: string) =>
      (await get(`sort=paid_at&order=${order}`)).json<{ orders: Order[] }>().orders.map(id)[0];
    expect([await byPaid('asc'), await byPaid('desc')]).toEqual([third, third]);
    await expectBadSortRefused(get);
  });
});
