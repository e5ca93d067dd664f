import { MSG, ROLE, type ContactMessage } from '@isaac/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contactMessages } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, later, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { CONTACT_RATE_LIMIT } from './routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test sends from its own address, so the per-IP limit only bites where a test wants it to. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const message = {
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  subject: 'product-inquiry',
  message: 'Does ISAAC work in a 600 sq ft living room?',
};

async function send(body: object, remoteAddress = freshIp(), extraHeaders: Record<string, string> = {}) {
  const { headers } = await csrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { ...headers, ...extraHeaders },
    payload: body,
    remoteAddress,
  });
}

const storedFrom = async (email: string) =>
  t.db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe('POST /api/contact', () => {
  it('stores the message with IP and user agent and answers the spec message', async () => {
    const ip = freshIp();
    const res = await send({ ...message, email: 'stored@example.com', website: '' }, ip, {
      'user-agent': 'VitestBrowser/1.0',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.contactSuccess });
    expect(MSG.contactSuccess).toBe("Message sent successfully! We'll get back to you soon.");
    const rows = await storedFrom('stored@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Ravi Kumar',
      subject: 'product-inquiry',
      message: message.message,
      ip,
      userAgent: 'VitestBrowser/1.0',
    });
  });

  it.each([
    ['an invalid e-mail', { email: 'not-an-email' }, 'email'],
    ['a subject outside the four', { subject: 'sales' }, 'subject'],
    ['an empty message', { message: '   ' }, 'message'],
    ['a blank name', { name: '' }, 'name'],
    ['a message over 5000 characters', { message: 'x'.repeat(5001) }, 'message'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name'],
  ])('refuses %s (400 with the field)', async (_label, change, field) => {
    const res = await send({ ...message, email: 'invalid@example.com', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
  });

  it('accepts every one of the four subjects', async () => {
    for (const subject of ['product-inquiry', 'technical-support', 'partnership', 'other']) {
      expect((await send({ ...message, subject })).statusCode).toBe(201);
    }
  });

  it('answers a filled-in honeypot as if all went well, but stores nothing', async () => {
    const res = await send({ ...message, email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.contactSuccess });
    expect(await storedFrom('bot@example.com')).toEqual([]);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per IP per 10 minutes, then 429 with Retry-After`, async () => {
    const ip = freshIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i += 1) {
      expect((await send({ ...message, email: 'limited@example.com' }, ip)).statusCode).toBe(201);
    }
    const res = await send({ ...message, email: 'limited@example.com' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('too_many_requests');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.timeWindow / 1000);
    const [stored] = await t.db
      .select({ n: count() })
      .from(contactMessages)
      .where(eq(contactMessages.email, 'limited@example.com'));
    expect(stored?.n).toBe(CONTACT_RATE_LIMIT.max);
    // Another address is not affected.
    expect((await send(message)).statusCode).toBe(201);
  });

  it('refuses a call without the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: message,
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/admin/contact-messages', () => {
  it('is for admins only: 401 without a token, 403 for an owner and an electrician', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/contact-messages' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const { token } = await t.signIn(role);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/contact-messages',
        headers: await authed(t.app, token),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('lists messages newest first, paged, without the sender IP', async () => {
    await send({ ...message, email: 'latest@example.com', subject: 'partnership', message: 'Let us talk.' });
    const { token } = await t.signIn(ROLE.admin);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?page_size=1',
      headers: await authed(t.app, token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      contact_messages: ContactMessage[];
      page: number;
      page_size: number;
      total: number;
    }>();
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(1);
    expect(body.total).toBeGreaterThan(1);
    expect(body.contact_messages).toEqual([
      {
        _id: expect.any(String),
        name: 'Ravi Kumar',
        email: 'latest@example.com',
        subject: 'partnership',
        message: 'Let us talk.',
        created_at: expect.any(String),
        handled_at: null,
        handled_by: null,
      },
    ]);
  });
});

describe('contact messages: filters and marking one handled', () => {
  type MessageList = { contact_messages: ContactMessage[]; total: number };

  it('searches by name or e-mail, filters open/handled, and marks handled (audited), then open again', async () => {
    const tag = `zq${Date.now()}`;
    await send({ ...message, name: `Kiran ${tag}`, email: `kiran.${tag}@example.com` });
    await send({ ...message, name: `Latha ${tag}`, email: `latha.${tag}@example.com` });
    const { user: admin, token } = await t.signIn(ROLE.admin, { name: 'Anita Admin' });
    const headers = await authed(t.app, token);
    const list = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/contact-messages?${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MessageList>();
    };

    const found = await list(`search=${tag.toUpperCase()}`);
    expect(found.total).toBe(2);
    expect((await list(`search=latha.${tag}`)).contact_messages.map((m) => m.name)).toEqual([`Latha ${tag}`]);
    const kiran = found.contact_messages.find((m) => m.name.startsWith('Kiran'));
    if (!kiran) throw new Error('no message from Kiran');

    const mark = (id: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/contact-messages/${id}/handled`, headers, payload });
    const handled = await mark(kiran._id, {});
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json().contact_message).toMatchObject({
      _id: kiran._id,
      handled_at: expect.any(String),
      handled_by: 'Anita Admin',
    });
    // Marking it again changes nothing (and records nothing).
    expect((await mark(kiran._id, { handled: true })).statusCode).toBe(200);
    expect((await list(`search=${tag}&state=open`)).contact_messages.map((m) => m.name)).toEqual([
      `Latha ${tag}`,
    ]);
    expect((await list(`search=${tag}&state=handled`)).contact_messages.map((m) => m.name)).toEqual([
      `Kiran ${tag}`,
    ]);

    const reopened = await mark(kiran._id, { handled: false });
    expect(reopened.json().contact_message).toMatchObject({ handled_at: null, handled_by: null });
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, kiran._id))
      .orderBy(auditLog.at);
    expect(entries.map((e) => [e.action, e.actorId, e.changes])).toEqual([
      ['contact_message.handled', admin.id, { handled: { before: false, after: true } }],
      ['contact_message.handled', admin.id, { handled: { before: true, after: false } }],
    ]);
  });

  it('sorts by when, name, e-mail or subject, both ways; refuses another sort', async () => {
    const tag = `zs${Date.now()}`;
    // Each a little later than the one before: two sent within the same millisecond tie on created_at.
    await send({
      ...message,
      name: `bela ${tag}`,
      email: `c.${tag}@example.com`,
      subject: 'technical-support',
    });
    await later();
    await send({ ...message, name: `Asha ${tag}`, email: `b.${tag}@example.com`, subject: 'other' });
    await later();
    await send({ ...message, name: `chitra ${tag}`, email: `a.${tag}@example.com`, subject: 'partnership' });
    const { token } = await t.signIn(ROLE.admin);
    const headers = await authed(t.app, token);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/contact-messages?search=${tag}&${query}`, headers });
    const messages = (body: unknown) => (body as MessageList).contact_messages;
    const first = (m: ContactMessage) => m.name.split(' ')[0];
    await expectSortedBy(get, messages, 'created_at', first, ['bela', 'Asha', 'chitra']);
    await expectSortedBy(get, messages, 'name', first, ['Asha', 'bela', 'chitra']);
    await expectSortedBy(get, messages, 'email', first, ['chitra', 'Asha', 'bela']);
    await expectSortedBy(get, messages, 'subject', first, ['Asha', 'chitra', 'bela']);
    await expectBadSortRefused(get);
  });

  it('an unknown message is 404 (nothing recorded); owners and electricians get 403; a bad filter is 400', async () => {
    const { token } = await t.signIn(ROLE.admin);
    const headers = await authed(t.app, token);
    const before = (await t.db.select({ n: count() }).from(auditLog))[0]?.n;
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled',
      headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(before);
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const other = await t.signIn(role);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/handled',
        headers: await authed(t.app, other.token),
        payload: {},
      });
      expect(res.statusCode).toBe(403);
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/contact-messages?state=maybe',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});
