import {
  businessDate,
  QUOTE_MSG,
  ROLE,
  type CreateOrderResponse,
  type CreateQuoteBody,
  type PublicQuote,
  type Quote,
  type QuoteList,
} from '@isaac/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contactMessages,
  emailOutbox,
  installationJobs,
  lateCaptures,
  orders,
  quotes,
  users,
} from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, later, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { ORDER_MSG } from '../orders/service.ts';
import { paymentSignature, providerStyleId } from '../payments/signatures.ts';

let t: TestApp;
let admin: { id: string; headers: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await t.signIn(ROLE.admin);
  admin = { id: signedIn.user.id, headers: await authed(t.app, signedIn.token) };
});
afterAll(() => t.close());

/** A calendar date `days` from today in the business time zone. */
function day(days: number): string {
  const today = new Date(`${businessDate(t.clock.now())}T00:00:00Z`);
  today.setUTCDate(today.getUTCDate() + days);
  return today.toISOString().slice(0, 10);
}

const ADDRESS = { city: 'Bengaluru', pincode: '560034', address: '12, 80 Feet Road, Koramangala' };

function quoteBody(overrides: Partial<CreateQuoteBody> = {}): CreateQuoteBody {
  return {
    customer_name: 'Meera Iyer',
    customer_email: 'meera@example.com',
    customer_phone: '+91 98450 11111',
    // a quote-only product, a launch package ('From …') and a fixed-price purifier
    items: [
      { id: 'smart-surveillance', quantity: 1 },
      { id: 'automation-3bhk-advanced', quantity: 1 },
      { id: 'isaac-purifier', quantity: 2 },
    ],
    amount: 25_000_000,
    valid_until: day(14),
    note: 'Includes four cameras and a year of support.',
    ...overrides,
  };
}

async function postQuote(body: unknown, headers = admin.headers) {
  return t.app.inject({ method: 'POST', url: '/api/admin/quotes', headers, payload: body as object });
}

/** Creates a quote and returns it with its link's token (read from the quote e-mail in the outbox). */
async function createQuote(
  overrides: Partial<CreateQuoteBody> = {},
): Promise<{ quote: Quote; token: string }> {
  const res = await postQuote(quoteBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create quote failed: ${res.statusCode} ${res.body}`);
  const { quote } = res.json<{ quote: Quote }>();
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'quote'), eq(emailOutbox.to, quote.customer_email)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = new RegExp(`${t.config.webOrigin}/quote/([A-Za-z0-9_-]+)`).exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no quote link in the e-mail: ${mail?.text}`);
  return { quote, token };
}

async function postQuoteOrder(token: string, body: unknown) {
  const { headers } = await csrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: `/api/quotes/${token}/order`,
    headers,
    payload: body as object,
  });
}

async function orderCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function insertLead(email = 'lead@example.com') {
  const [lead] = await t.db
    .insert(contactMessages)
    .values({
      name: 'Meera Iyer',
      email,
      subject: 'product-inquiry',
      message: 'I would like a quote for Smart Surveillance (smart-surveillance).',
    })
    .returning();
  if (!lead) throw new Error('lead insert returned no row');
  return lead;
}

describe('POST /api/admin/quotes', () => {
  it('stores the quote, marks its lead handled, records it and e-mails the link', async () => {
    const lead = await insertLead();
    const res = await postQuote(quoteBody({ contact_message_id: lead.id, customer_email: lead.email }));
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; quote: Quote }>();
    expect(body.message).toBe(QUOTE_MSG.created);
    expect(body.quote).toMatchObject({
      state: 'sent',
      customer_name: 'Meera Iyer',
      customer_email: lead.email,
      amount: 25_000_000,
      valid_until: day(14),
      needs_installation: true,
      contact_message_id: lead.id,
      order_id: null,
      items: [
        { id: 'smart-surveillance', name: 'Smart Surveillance', quantity: 1 },
        { id: 'automation-3bhk-advanced', quantity: 1 },
        { id: 'isaac-purifier', quantity: 2 },
      ],
    });
    expect(body.quote.number).toMatch(/^Q-\d{6}$/);

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, lead.email));
    expect(mail).toMatchObject({ kind: 'quote', state: 'pending' });
    const link = new RegExp(`${t.config.webOrigin}/quote/([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    expect(mail?.html).toContain(`${t.config.webOrigin}/quote/${link?.[1]}`);
    expect(mail?.text).toContain(body.quote.number);

    // Only the token's hash is stored.
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, body.quote._id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toBe(link?.[1]);
    expect(row?.createdBy).toBe(admin.id);

    const [handled] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, lead.id));
    expect(handled?.handledAt).not.toBeNull();
    expect(handled?.handledBy).toBe(admin.id);

    const actions = await t.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.actorId, admin.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'quote.created', entityId: body.quote._id },
        { action: 'contact_message.handled', entityId: lead.id },
      ]),
    );
  });

  it('refuses unknown catalog ids (naming each), a past date and a missing price, storing nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(quotes);
    const unknown = await postQuote(
      quoteBody({
        items: [
          { id: 'isaac-purifier', quantity: 1 },
          { id: 'flux-capacitor', quantity: 1 },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ details: unknown[] }>().details).toEqual([
      { path: 'items.1.id', message: QUOTE_MSG.unknownItem },
    ]);

    const past = await postQuote(quoteBody({ valid_until: day(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json<{ details: unknown[] }>().details).toEqual([
      { path: 'valid_until', message: QUOTE_MSG.pastDate },
    ]);

    expect((await postQuote(quoteBody({ amount: 0 }))).statusCode).toBe(400);
    expect((await postQuote(quoteBody({ items: [] }))).statusCode).toBe(400);
    const [after] = await t.db.select({ n: count() }).from(quotes);
    expect(after?.n).toBe(before?.n);
  });

  it('accepts today as the last valid day', async () => {
    expect((await postQuote(quoteBody({ valid_until: day(0) }))).statusCode).toBe(201);
  });

  it('answers 404 for an unknown lead, and stores nothing', async () => {
    const res = await postQuote(quoteBody({ contact_message_id: 'no-such-message' }));
    expect(res.statusCode).toBe(404);
  });
});

describe('the leads (GET /api/admin/contact-messages?state=open&subject=product-inquiry)', () => {
  it('lists only the open quote requests', async () => {
    const open = await insertLead('open-lead@example.com');
    const handled = await insertLead('handled-lead@example.com');
    await t.db
      .update(contactMessages)
      .set({ handledAt: t.clock.now() })
      .where(eq(contactMessages.id, handled.id));
    const [support] = await t.db
      .insert(contactMessages)
      .values({
        name: 'Support',
        email: 'support-lead@example.com',
        subject: 'technical-support',
        message: 'Help',
      })
      .returning();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?state=open&subject=product-inquiry&search=-lead@example.com',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json<{ contact_messages: { _id: string }[] }>().contact_messages.map((m) => m._id);
    expect(ids).toEqual([open.id]);
    expect(ids).not.toContain(support?.id);
  });
});

describe('GET /api/admin/quotes', () => {
  it('lists quotes newest first with their derived state', async () => {
    // Each a little later than the one before: two created within the same millisecond tie on created_at.
    const sent = await createQuote({ customer_email: 'sent@example.com' });
    await later();
    const expired = await createQuote({ customer_email: 'expired@example.com' });
    await t.db
      .update(quotes)
      .set({ validUntil: day(-1) })
      .where(eq(quotes.id, expired.quote._id));
    await later();
    const paid = await createQuote({ customer_email: 'paid@example.com' });
    await t.db.update(quotes).set({ paidAt: t.clock.now() }).where(eq(quotes.id, paid.quote._id));
    await later();
    const cancelled = await createQuote({ customer_email: 'cancelled@example.com' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${cancelled.quote._id}/cancel`,
      headers: admin.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<{ quote: Quote }>().quote.state).toBe('cancelled');

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/quotes?page=1&page_size=4',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<QuoteList>();
    expect(list.total).toBeGreaterThanOrEqual(4);
    expect(list.quotes.map((q) => [q.customer_email, q.state])).toEqual([
      ['cancelled@example.com', 'cancelled'],
      ['paid@example.com', 'paid'],
      ['expired@example.com', 'expired'],
      ['sent@example.com', 'sent'],
    ]);
    expect(JSON.stringify(list)).not.toContain(sent.token);
  });

  it('searches the customer or the number, and sorts by a column both ways; refuses another sort', async () => {
    const tag = `zs${Date.now()}`;
    const quoted = async (name: string, amount: number, days: number) =>
      (
        await createQuote({
          customer_name: `${name} ${tag}`,
          customer_email: `${name.toLowerCase()}.${tag}@example.com`,
          amount,
          valid_until: day(days),
        })
      ).quote;
    // Each a little later than the one before: two created within the same millisecond tie on created_at.
    const bela = await quoted('bela', 3_000_000, 20);
    await later();
    const asha = await quoted('Asha', 1_000_000, 30);
    await later();
    const chitra = await quoted('chitra', 2_000_000, 10);
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/admin/quotes?search=${tag}&${query}`,
        headers: admin.headers,
      });
    const found = (body: unknown) => (body as QuoteList).quotes;
    const id = (quote: Quote) => quote._id;
    await expectSortedBy(get, found, 'created_at', id, [bela._id, asha._id, chitra._id]);
    await expectSortedBy(get, found, 'number', id, [bela._id, asha._id, chitra._id]);
    await expectSortedBy(get, found, 'customer_name', id, [asha._id, bela._id, chitra._id]);
    await expectSortedBy(get, found, 'amount', id, [asha._id, chitra._id, bela._id]);
    await expectSortedBy(get, found, 'valid_until', id, [chitra._id, bela._id, asha._id]);
    await expectBadSortRefused(get);

    const byNumber = async (search: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/quotes?search=${search}`,
          headers: admin.headers,
        })
      ).json<QuoteList>();
    const number = Number(asha.number.slice(2));
    for (const search of [asha.number, `q${number}`]) {
      expect((await byNumber(search)).quotes.map(id), search).toEqual([asha._id]);
    }
    // A bare number is also a substring of names and e-mails: the quote is among what it finds.
    expect((await byNumber(String(number))).quotes.map(id)).toContain(asha._id);
    expect((await byNumber(`asha.${tag}`)).quotes.map(id)).toEqual([asha._id]);
  });

  it('refuses to withdraw a paid quote (409)', async () => {
    const { quote } = await createQuote({ customer_email: 'paid-cancel@example.com' });
    await t.db.update(quotes).set({ paidAt: t.clock.now() }).where(eq(quotes.id, quote._id));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${quote._id}/cancel`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(QUOTE_MSG.cannotCancelPaid);
  });

  it('is for admins only', async () => {
    const { quote } = await createQuote({ customer_email: 'roles@example.com' });
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const headers = await authed(t.app, (await t.signIn(role)).token);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/quotes', headers })).statusCode).toBe(403);
      expect((await postQuote(quoteBody(), headers)).statusCode).toBe(403);
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/admin/quotes/${quote._id}/cancel`,
        headers,
      });
      expect(cancel.statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/quotes' })).statusCode).toBe(401);
  });
});

describe("the customer's quote link", () => {
  it('GET /api/quotes/:token shows the quote without internal ids', async () => {
    const { quote, token } = await createQuote({ customer_email: 'view@example.com' });
    const res = await t.app.inject({ method: 'GET', url: `/api/quotes/${token}` });
    expect(res.statusCode).toBe(200);
    const view = res.json<PublicQuote>();
    expect(view).toEqual({
      number: quote.number,
      state: 'sent',
      customer_name: 'Meera Iyer',
      customer_email: 'view@example.com',
      customer_phone: '+91 98450 11111',
      items: quote.items,
      amount: 25_000_000,
      valid_until: day(14),
      note: 'Includes four cameras and a year of support.',
      needs_installation: true,
      order_id: null,
      created_at: quote.created_at,
    });
  });

  it('answers 404 for a token that is not one', async () => {
    for (const url of [
      '/api/quotes/not-a-real-token',
      '/api/quotes/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(QUOTE_MSG.notFound);
    }
    expect((await postQuoteOrder('not-a-real-token', { address: ADDRESS })).statusCode).toBe(404);
  });

  it("creates the order for the quote's stored amount, whatever the client sends", async () => {
    const { quote, token } = await createQuote({ customer_email: 'pay@example.com' });
    const res = await postQuoteOrder(token, {
      address: ADDRESS,
      amount: 100,
      items: [{ id: 'x', quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    const order = res.json<CreateOrderResponse>();
    expect(order).toMatchObject({ amount: 25_000_000, currency: 'INR', provider: 'sandbox' });

    const [row] = await t.db.select().from(orders).where(eq(orders.providerOrderId, order.order_id));
    expect(row).toMatchObject({
      amountPaise: 25_000_000,
      status: 'created',
      customerName: 'Meera Iyer',
      customerEmail: 'pay@example.com',
      needsInstallation: true,
      installationAddress: ADDRESS,
      notes: {
        product: `Quote ${quote.number}`,
        customer_name: 'Meera Iyer',
        customer_email: 'pay@example.com',
        customer_phone: '+91 98450 11111',
        quote_id: quote._id,
      },
    });
    expect(row?.receipt).toMatch(/^receipt_\d+$/);
    expect(row?.items.map((item) => [item.catalog_id, item.quantity])).toEqual([
      ['smart-surveillance', 1],
      ['automation-3bhk-advanced', 1],
      ['isaac-purifier', 2],
    ]);
  });

  it('paying the order converts the quote: paid, the customer invited, an installation job; the link then refuses', async () => {
    const email = `convert-${Date.now()}@example.com`;
    const { quote, token } = await createQuote({ customer_email: email });
    const order = (await postQuoteOrder(token, { address: ADDRESS })).json<CreateOrderResponse>();
    const paymentId = providerStyleId('pay');
    const { headers } = await csrf(t.app);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/verify-payment',
      headers,
      payload: {
        razorpay_order_id: order.order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(t.config.payment.keySecret, order.order_id, paymentId),
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [stored] = await t.db.select().from(quotes).where(eq(quotes.id, quote._id));
    expect(stored?.paidAt).toBeInstanceOf(Date);
    const [customer] = await t.db.select().from(users).where(eq(users.email, email));
    const jobs = await t.db
      .select()
      .from(installationJobs)
      .where(eq(installationJobs.customerId, customer!.id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.address).toEqual(ADDRESS);
    const again = await postQuoteOrder(token, { address: ADDRESS });
    expect(again.statusCode).toBe(409);
  });

  it('has at most one open order: two concurrent checkouts (a double click, two tabs) get the same order', async () => {
    const { quote, token } = await createQuote({ customer_email: `double-${Date.now()}@example.com` });
    const [first, second] = await Promise.all([
      postQuoteOrder(token, { address: ADDRESS }),
      postQuoteOrder(token, { address: ADDRESS }),
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<CreateOrderResponse>().order_id).toBe(first.json<CreateOrderResponse>().order_id);
    const rows = await t.db.select().from(orders).where(eq(orders.quoteId, quote._id));
    expect(rows).toHaveLength(1);
    // a later visit (the order still unpaid, or its payment failed) pays the same order too
    await t.db.update(orders).set({ status: 'attempted' }).where(eq(orders.quoteId, quote._id));
    const third = await postQuoteOrder(token, { address: ADDRESS });
    expect(third.json<CreateOrderResponse>().order_id).toBe(first.json<CreateOrderResponse>().order_id);
  });

  it('a second payment for an already-paid quote is listed for a refund: no second order paid, no second e-mail', async () => {
    const email = `second-${Date.now()}@example.com`;
    const { quote, token } = await createQuote({ customer_email: email });
    const first = (await postQuoteOrder(token, { address: ADDRESS })).json<CreateOrderResponse>();
    // a second order of the same quote (as the double checkout made before issue 29)
    const [firstRow] = await t.db.select().from(orders).where(eq(orders.providerOrderId, first.order_id));
    const [secondRow] = await t.db
      .insert(orders)
      .values({
        ...firstRow!,
        id: undefined,
        providerOrderId: providerStyleId('order'),
        createdAt: undefined,
        updatedAt: undefined,
      })
      .returning();
    const pay = async (orderId: string) => {
      const paymentId = providerStyleId('pay');
      const { headers } = await csrf(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/verify-payment',
        headers,
        payload: {
          razorpay_order_id: orderId,
          razorpay_payment_id: paymentId,
          razorpay_signature: paymentSignature(t.config.payment.keySecret, orderId, paymentId),
        },
      });
      return { res, paymentId };
    };
    // both paid at once: the quote's row lock lets one through
    const [a, b] = await Promise.all([pay(first.order_id), pay(secondRow!.providerOrderId)]);
    expect([a.res.statusCode, b.res.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.db.select().from(orders).where(eq(orders.quoteId, quote._id));
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'cancelled')).toHaveLength(1);
    const refused = a.res.statusCode === 409 ? a : b;
    const [late] = await t.db
      .select()
      .from(lateCaptures)
      .where(eq(lateCaptures.paymentId, refused.paymentId));
    expect(late).toMatchObject({ reason: 'quote_paid', amountPaise: 25_000_000 });
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_confirmation'), eq(emailOutbox.to, email)));
    expect(mails).toHaveLength(1);
  });

  it('needs the installation address only when a line is installed', async () => {
    const installed = await createQuote({ customer_email: 'address@example.com' });
    const before = await orderCount();
    const missing = await postQuoteOrder(installed.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe(ORDER_MSG.addressRequired);
    const bad = await postQuoteOrder(installed.token, { address: { ...ADDRESS, pincode: '5600' } });
    expect(bad.statusCode).toBe(400);
    expect(await orderCount()).toBe(before);

    const purifiers = await createQuote({
      customer_email: 'purifiers@example.com',
      items: [{ id: 'isaac-purifier', quantity: 3 }],
      amount: 24_000_000,
    });
    expect(purifiers.quote.needs_installation).toBe(false);
    const res = await postQuoteOrder(purifiers.token, {});
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.providerOrderId, res.json<CreateOrderResponse>().order_id));
    expect(row).toMatchObject({
      amountPaise: 24_000_000,
      needsInstallation: false,
      installationAddress: null,
    });
  });

  it('refuses an expired quote (410) and creates no order', async () => {
    const { quote, token } = await createQuote({ customer_email: 'late@example.com', valid_until: day(0) });
    // The last valid day passes (the business day changes).
    await t.db
      .update(quotes)
      .set({ validUntil: day(-1) })
      .where(eq(quotes.id, quote._id));
    const before = await orderCount();
    const res = await postQuoteOrder(token, { address: ADDRESS });
    expect(res.statusCode).toBe(410);
    expect(res.json<{ message: string }>().message).toBe(QUOTE_MSG.expired);
    expect(await orderCount()).toBe(before);
    const view = await t.app.inject({ method: 'GET', url: `/api/quotes/${token}` });
    expect(view.json<PublicQuote>().state).toBe('expired');
  });

  it('refuses a withdrawn quote (410) and a paid one (409)', async () => {
    const withdrawn = await createQuote({ customer_email: 'withdrawn@example.com' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/quotes/${withdrawn.quote._id}/cancel`,
      headers: admin.headers,
    });
    const before = await orderCount();
    const cancelled = await postQuoteOrder(withdrawn.token, { address: ADDRESS });
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.json<{ message: string }>().message).toBe(QUOTE_MSG.cancelled);

    const paid = await createQuote({ customer_email: 'already-paid@example.com' });
    await t.db.update(quotes).set({ paidAt: t.clock.now() }).where(eq(quotes.id, paid.quote._id));
    const again = await postQuoteOrder(paid.token, { address: ADDRESS });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(QUOTE_MSG.paid);
    expect(await orderCount()).toBe(before);
  });
});
