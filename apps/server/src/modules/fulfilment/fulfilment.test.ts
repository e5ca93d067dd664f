import {
  CURRENCY,
  INVITATION_MSG,
  ROLE,
  type CreateOrderResponse,
  type VerifyPaymentBody,
} from '@isaac/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { postWebhook, startApi } from '../../test/api-process.ts';
import {
  emailOutbox,
  installationJobs,
  invitations,
  notifications,
  orders,
  paymentEvents,
  users,
} from '../../db/schema/index.ts';
import { authed, csrf, createTestApp, TIMING_SLACK, type TestApp } from '../../test/helpers.ts';
import { hmacSha256Hex, paymentSignature, providerStyleId } from '../payments/signatures.ts';
import { capturedEvent } from '../../test/payments.ts';
import { orderBody, postOrder } from '../../test/orders.ts';
import { confirmationLines } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  // This suite reports every payment itself (the sandbox's own webhook far in the future).
  t = await createTestApp({ env: { SANDBOX_WEBHOOK_DELAY_MS: '60000' } });
});
afterAll(() => t.close());

const ADDRESS = { city: 'Bengaluru', pincode: '560034', address: '12, 4th Cross, Koramangala' };
let buyers = 0;

/** A Lumos kit (needs installation) ordered by a new buyer. */
async function lumosOrder(email = `buyer${++buyers}-${Date.now()}@example.com`) {
  const body = orderBody('Lumos Home Kit', {
    notes: {
      product: 'Lumos Home Kit',
      customer_name: 'Meera Iyer',
      customer_email: email,
      customer_phone: '',
    },
    installation_address: ADDRESS,
  });
  const res = await postOrder(t.app, body);
  expect(res.statusCode, res.body).toBe(200);
  return { order: res.json<CreateOrderResponse>(), email };
}

async function verify(orderId: string, paymentId: string) {
  const { headers } = await csrf(t.app);
  const body: VerifyPaymentBody = {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(t.config.payment.keySecret, orderId, paymentId),
  };
  return t.app.inject({ method: 'POST', url: '/api/verify-payment', headers, payload: body });
}

async function webhook(orderId: string, paymentId: string, amount: number, eventId = providerStyleId('evt')) {
  const raw = JSON.stringify(capturedEvent(orderId, paymentId, amount));
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacSha256Hex(t.config.payment.webhookSecret, raw),
      'x-razorpay-event-id': eventId,
    },
    payload: raw,
  });
}

/** What a payment made for this buyer: accounts, jobs, invitations and e-mails. */
async function madeFor(email: string) {
  const accounts = await t.db.select().from(users).where(eq(users.email, email));
  const jobs = accounts[0]
    ? await t.db
        .select({ id: installationJobs.id, customerId: installationJobs.customerId })
        .from(installationJobs)
        .where(eq(installationJobs.customerId, accounts[0].id))
    : [];
  const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
  const invites = accounts[0]
    ? await t.db.select().from(invitations).where(eq(invitations.userId, accounts[0].id))
    : [];
  return { accounts, jobs, mails, invites };
}

const tokenOf = (mails: { kind: string; text: string }[]) => {
  const text = mails.find((m) => m.kind === 'invitation')?.text ?? '';
  return /\/invite\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
};

describe('a paid order becomes a customer account and an installation job, exactly once', () => {
  it('an order for an installed item without an address is refused (400)', async () => {
    const res = await postOrder(t.app, orderBody('Lumos Home Kit'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ details: [{ path: 'installation_address' }] });
    const bad = await postOrder(
      t.app,
      orderBody('Lumos Home Kit', { installation_address: { ...ADDRESS, pincode: '5600' } }),
    );
    expect(bad.statusCode).toBe(400);
  });

  it('webhook first, then the browser: one account (invited), one job, one of each e-mail', async () => {
    const { order, email } = await lumosOrder();
    const paymentId = providerStyleId('pay');
    expect((await webhook(order.order_id, paymentId, order.amount)).statusCode).toBe(200);
    expect((await verify(order.order_id, paymentId)).json()).toMatchObject({ status: 'paid' });
    // The provider redelivers its webhook under another event id: still nothing new.
    expect((await webhook(order.order_id, paymentId, order.amount)).statusCode).toBe(200);
    const made = await madeFor(email);
    expect(made.accounts).toHaveLength(1);
    expect(made.accounts[0]).toMatchObject({ role: ROLE.owner, city: 'Bengaluru', pincode: '560034' });
    expect(made.jobs).toEqual([{ id: expect.any(String), customerId: made.accounts[0]!.id }]);
    expect(made.invites).toHaveLength(1);
    expect(made.mails.map((m) => m.kind).sort()).toEqual(['invitation', 'order_confirmation']);
    const [row] = await t.db.select().from(orders).where(eq(orders.providerOrderId, order.order_id));
    expect(row?.customerId).toBe(made.accounts[0]!.id);
    // The bell of the new account says it once (issue 33), however often the payment was reported.
    const bell = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, made.accounts[0]!.id));
    expect(bell.map((n) => [n.kind, n.title])).toEqual([['order_paid', 'Your order is paid']]);
  });

  it('browser first, then the webhook: the same', async () => {
    const { order, email } = await lumosOrder();
    const paymentId = providerStyleId('pay');
    expect((await verify(order.order_id, paymentId)).statusCode).toBe(200);
    expect((await webhook(order.order_id, paymentId, order.amount)).statusCode).toBe(200);
    const made = await madeFor(email);
    expect([made.accounts.length, made.jobs.length, made.invites.length, made.mails.length]).toEqual([
      1, 1, 1, 2,
    ]);
  });

  it('both at once: still one of everything', async () => {
    const { order, email } = await lumosOrder();
    const paymentId = providerStyleId('pay');
    const [a, b] = await Promise.all([
      verify(order.order_id, paymentId),
      webhook(order.order_id, paymentId, order.amount),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const made = await madeFor(email);
    expect([made.accounts.length, made.jobs.length, made.invites.length, made.mails.length]).toEqual([
      1, 1, 1, 2,
    ]);
  });

  it('a returning customer is found by e-mail (any case): no new account, no invitation, a second job', async () => {
    const { order: first, email } = await lumosOrder();
    await verify(first.order_id, providerStyleId('pay'));
    const { order: second } = await lumosOrder(email.toUpperCase());
    await verify(second.order_id, providerStyleId('pay'));
    const made = await madeFor(email);
    expect(made.accounts).toHaveLength(1);
    expect(made.invites).toHaveLength(1);
    expect(made.jobs).toHaveLength(2);
    expect(made.mails.filter((m) => m.kind === 'order_confirmation')).toHaveLength(2);
  });

  it('an accessory needs no installation: an account, no job', async () => {
    const email = `filter-${Date.now()}@example.com`;
    const res = await postOrder(
      t.app,
      orderBody('HEPA Filter', {
        notes: { product: 'HEPA Filter', customer_name: 'Ravi', customer_email: email, customer_phone: '' },
      }),
    );
    await verify(res.json<CreateOrderResponse>().order_id, providerStyleId('pay'));
    const made = await madeFor(email);
    expect([made.accounts.length, made.jobs.length]).toEqual([1, 0]);
  });

  it('the process dies between payment and conversion: nothing is half done, and the redelivered webhook does it all once', async () => {
    const { order, email } = await lumosOrder();
    const paymentId = providerStyleId('pay');
    const eventId = providerStyleId('evt');
    // The conversion's last step (its e-mail) fails as a dying process would: the transaction never commits.
    const enqueue = vi
      .spyOn(t.app.services.outbox, 'enqueue')
      .mockRejectedValueOnce(new Error('process killed'));
    const crashed = await webhook(order.order_id, paymentId, order.amount, eventId);
    expect(crashed.statusCode).toBe(500);
    enqueue.mockRestore();
    const [row] = await t.db.select().from(orders).where(eq(orders.providerOrderId, order.order_id));
    expect(row?.status).toBe('created');
    const nothing = await madeFor(email);
    expect([nothing.accounts.length, nothing.jobs.length, nothing.mails.length]).toEqual([0, 0, 0]);
    const [{ events }] = (await t.db
      .select({ events: count() })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, eventId))) as [{ events: number }];
    expect(events).toBe(0);
    // Razorpay redelivers the event it got no 2xx for.
    expect((await webhook(order.order_id, paymentId, order.amount, eventId)).statusCode).toBe(200);
    const made = await madeFor(email);
    expect([made.accounts.length, made.jobs.length, made.invites.length, made.mails.length]).toEqual([
      1, 1, 1, 2,
    ]);
  });
});

describe('a closed order stays closed', () => {
  it('a payment reported for a cancelled order is not applied: 409, still cancelled, nothing made', async () => {
    const { order, email } = await lumosOrder();
    const [row] = await t.db.select().from(orders).where(eq(orders.providerOrderId, order.order_id));
    const admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${row!.id}/cancel`,
      headers: admin,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const late = await verify(order.order_id, providerStyleId('pay'));
    expect(late.statusCode).toBe(409);
    expect((await webhook(order.order_id, providerStyleId('pay'), order.amount)).statusCode).toBe(200);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, row!.id));
    expect(after?.status).toBe('cancelled');
    const made = await madeFor(email);
    expect([made.accounts.length, made.jobs.length, made.mails.length]).toEqual([0, 0, 0]);
  });
});

describe('invitations', () => {
  it('set a password once from the link, then sign in; a second use is refused', async () => {
    const { order, email } = await lumosOrder();
    await verify(order.order_id, providerStyleId('pay'));
    const token = tokenOf((await madeFor(email)).mails);
    expect(token.length).toBeGreaterThan(30);
    // Only the token's hash is stored.
    const stored = await t.db.select().from(invitations).where(eq(invitations.tokenHash, token));
    expect(stored).toHaveLength(0);

    const view = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(view.json()).toMatchObject({ name: 'Meera Iyer', email });
    // Before the password is set, no password signs in.
    const { headers } = await csrf(t.app);
    const early = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers,
      payload: { email, password: '!invited' },
    });
    expect(early.statusCode).toBe(401);

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers,
      payload: { token, password: '123' },
    });
    expect(short.statusCode).toBe(400);
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers,
      payload: { token, password: 'new-home-2026', language: 'hi' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    // The page was read in Hindi: the account's language from now on (its e-mails follow it, ADR 073).
    const [account] = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, email));
    expect(account?.language).toBe('hi');
    expect(accept.json()).toMatchObject({ message: INVITATION_MSG.accepted, email });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers,
      payload: { token, password: 'someone-else-1' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ message: INVITATION_MSG.used });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers,
      payload: { email, password: 'new-home-2026' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('expires after 72 hours; an unknown token is 404', async () => {
    const { order, email } = await lumosOrder();
    await verify(order.order_id, providerStyleId('pay'));
    const token = tokenOf((await madeFor(email)).mails);
    t.clock.advance(72 * 3_600_000 + 1000);
    try {
      const view = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
      expect(view.statusCode).toBe(410);
      expect(view.json()).toMatchObject({ message: INVITATION_MSG.expired });
      const { headers } = await csrf(t.app);
      const accept = await t.app.inject({
        method: 'POST',
        url: '/api/invitations/accept',
        headers,
        payload: { token, password: 'too-late-2026' },
      });
      expect(accept.statusCode).toBe(410);
    } finally {
      t.clock.advance(-(72 * 3_600_000 + 1000));
    }
    const unknown = await t.app.inject({ method: 'GET', url: `/api/invitations/${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
    const [user] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.email, email)));
    expect(user?.passwordHash).toBe('!invited');
  });
});

describe('confirmationLines', () => {
  const item = (name: string, quantity: number, unit: number) => ({
    catalog_id: name,
    name,
    quantity,
    unit_paise: unit,
  });
  it('lists each item at its price when they add up to the order', () => {
    expect(confirmationLines({ items: [item('Kit', 2, 500)], amountPaise: 1000, notes: null })).toEqual([
      { name: 'Kit', quantity: 2, amountPaise: 1000 },
    ]);
  });
  it("shows a quote's package price as one line naming its contents", () => {
    expect(
      confirmationLines({
        items: [item('3 BHK Automation', 1, 0), item('Lumos Home Kit', 2, 1_699_900)],
        amountPaise: 15_000_000,
        notes: { product: 'Quote Q-000007' },
      }),
    ).toEqual([
      {
        name: 'Quote Q-000007 (1 × 3 BHK Automation, 2 × Lumos Home Kit)',
        quantity: 1,
        amountPaise: 15_000_000,
      },
    ]);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

// Defined only for the PostgreSQL run of the suite (scripts/test-server.mjs): two processes share the database
// there, which PGlite (in one process) cannot.
if (adminUrl)
  describe('the API process is killed between the payment and its conversion (PostgreSQL)', () => {
    const children: ChildProcess[] = [];
    const name = `isaac_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
    const databaseUrl = (() => {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    })();
    afterAll(async () => {
      for (const child of children) child.kill('SIGKILL');
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    });

    it('nothing is half done; the redelivered webhook then makes one account, one job, one of each e-mail', async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();

      const first = await startApi(databaseUrl);
      children.push(first.process);
      // An order for a Lumos kit (installed) by a new buyer, as the storefront places it.
      const csrf = await fetch(`${first.url}/auth/csrf-token`);
      const { csrf_token: token } = (await csrf.json()) as { csrf_token: string };
      const cookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const email = `crash-${Date.now()}@example.com`;
      const created = await fetch(`${first.url}/api/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
        body: JSON.stringify({
          amount: 16_999_00,
          currency: CURRENCY,
          receipt: `receipt_${Date.now()}`,
          notes: {
            product: 'Lumos Home Kit',
            customer_name: 'Kiran Rao',
            customer_email: email,
            customer_phone: '',
          },
          installation_address: { city: 'Mysuru', pincode: '570001', address: '5, Temple Road' },
        }),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      const order = (await created.json()) as CreateOrderResponse;

      // The test holds the installation-jobs table, so the payment's transaction stops at the job: after the
      // order is marked paid and the account is made, before the job, the e-mails and the commit.
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      await db.query('BEGIN');
      await db.query('LOCK TABLE installation_jobs IN ACCESS EXCLUSIVE MODE');
      const eventId = providerStyleId('evt');
      const raw = JSON.stringify(capturedEvent(order.order_id, providerStyleId('pay'), order.amount));
      const pending = postWebhook(first.url, raw, eventId).catch(() => null);
      let blocked = false;
      for (let i = 0; i < 200 && !blocked; i += 1) {
        const { rows } = await db.query(
          `select count(*)::int as n from pg_stat_activity
           where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
          [name],
        );
        blocked = (rows[0] as { n: number }).n > 0;
        if (!blocked) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(blocked, 'the conversion waits on the installation jobs').toBe(true);
      const paidInFlight = await db.query('select status from orders where provider_order_id = $1', [
        order.order_id,
      ]);
      expect(paidInFlight.rows[0]).toEqual({ status: 'created' }); // not committed: invisible here

      // The process dies mid-conversion.
      first.process.kill('SIGKILL');
      await new Promise((resolve) => first.process.once('exit', resolve));
      await db.query('ROLLBACK');
      await pending;
      // Its transaction never committed: the order is unpaid, and nothing else exists.
      const wait = Date.now() + 10_000;
      let sessions = 1;
      while (sessions > 0 && Date.now() < wait) {
        const { rows } = await db.query(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
          [name],
        );
        sessions = (rows[0] as { n: number }).n;
        if (sessions > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const count = async (sql: string) => ((await db.query(sql, [email])).rows[0] as { n: number }).n;
      expect(
        (await db.query('select status from orders where provider_order_id = $1', [order.order_id])).rows[0],
      ).toEqual({ status: 'created' });
      expect(await count('select count(*)::int as n from users where email = $1')).toBe(0);
      expect(await count('select count(*)::int as n from email_outbox where "to" = $1')).toBe(0);
      expect(
        (
          (await db.query('select count(*)::int as n from payment_events where event_id = $1', [eventId]))
            .rows[0] as { n: number }
        ).n,
      ).toBe(0);

      // Restarted, the provider redelivers the event it got no answer for: everything, once.
      const second = await startApi(databaseUrl);
      children.push(second.process);
      expect((await postWebhook(second.url, raw, eventId)).status).toBe(200);
      expect((await postWebhook(second.url, raw, eventId)).status).toBe(200);
      expect(
        (await db.query('select status from orders where provider_order_id = $1', [order.order_id])).rows[0],
      ).toEqual({ status: 'paid' });
      expect(await count('select count(*)::int as n from users where email = $1')).toBe(1);
      expect(
        await count(
          'select count(*)::int as n from installation_jobs j join users u on u.id = j.customer_id where u.email = $1',
        ),
      ).toBe(1);
      expect(
        (await db.query('select kind from email_outbox where "to" = $1 order by kind', [email])).rows.map(
          (r: { kind: string }) => r.kind,
        ),
      ).toEqual(['invitation', 'order_confirmation']);
      await db.end();
    }, 120_000 * TIMING_SLACK);
  });
