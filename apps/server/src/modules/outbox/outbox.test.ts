import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ROLE, type OutboxList, type OutboxMessage, type OutboxMessageDetail } from '@isaac/contract';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { auditLog, emailOutbox } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import type { OutgoingEmail } from './emails.ts';
import { OUTBOX_MAX_ATTEMPTS, OutboxWorker, retryDelayMs, type MailTransport } from './worker.ts';

let serial = 0;
function invitation(to: string, name = 'Asha'): OutgoingEmail {
  serial += 1;
  return {
    kind: 'invitation',
    to,
    data: { name, link: `https://isaac.test/invitations/token-${serial}`, expiresAt: new Date() },
  };
}

async function rowsOf(t: TestApp, ids: string[]) {
  return t.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
}

describe('retry back-off', () => {
  it('doubles from the base and stops at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(8, 30_000)).toBe(60 * 60_000);
  });
});

describe('mail settings', () => {
  it('default to no SMTP, the Isaac sender, a 2 s poll, a 30 s first retry and 90 days kept', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'Isaac <no-reply@isaac.local>',
      pollMs: 2000,
      retryBaseMs: 30_000,
      retentionDays: 90,
    });
    expect(loadConfig({ NODE_ENV: 'test', OUTBOX_RETENTION_DAYS: '30' }).mail.retentionDays).toBe(30);
    expect(() => loadConfig({ NODE_ENV: 'test', OUTBOX_RETENTION_DAYS: '0' })).toThrow(
      /OUTBOX_RETENTION_DAYS/,
    );
  });

  it('take an smtp:// or smtps:// URL only, and never print it', () => {
    const url = 'smtps://mailer:s3cret@mail.example.com:465';
    expect(
      loadConfig({ NODE_ENV: 'test', SMTP_URL: url, MAIL_FROM: 'Shop <shop@example.com>' }).mail,
    ).toMatchObject({ smtpUrl: url, from: 'Shop <shop@example.com>' });
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'https://s3cret@mail.example.com' })).toThrow(
      /SMTP_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'https://s3cret@mail.example.com' })).not.toThrow(
      /s3cret/,
    );
  });
});

describe('outbox without SMTP (kept for the admins)', () => {
  let t: TestApp;
  const logLines: string[] = [];
  let admin: Record<string, string>;
  let owner: Record<string, string>;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ logger: pino({ level: 'info' }, stream) });
    admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    owner = await authed(t.app, (await t.signIn(ROLE.owner)).token);
  });
  afterAll(() => t.close());

  it('has no worker, and says where the e-mail is', async () => {
    expect(t.app.services.outboxWorker).toBeNull();
    const id = await t.app.services.outbox.enqueue(t.db, invitation('logged@example.com'));
    const line = logLines.find((l) => l.includes(id));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: 30,
      kind: 'invitation',
      to: 'logged@example.com',
      subject: 'Set up your Isaac account',
      msg: expect.stringMatching(/kept in the outbox/),
    });
  });

  it('writes an e-mail in the caller’s transaction: rolled back with it, or there with its bodies', async () => {
    let rolledBackId = '';
    await expect(
      t.db.transaction(async (tx) => {
        rolledBackId = await t.app.services.outbox.enqueue(tx, invitation('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(rolledBackId).not.toBe('');
    expect(await rowsOf(t, [rolledBackId])).toEqual([]);
    expect(await t.db.$count(emailOutbox, eq(emailOutbox.to, 'rolled-back@example.com'))).toBe(0);

    const id = await t.db.transaction((tx) =>
      t.app.services.outbox.enqueue(tx, invitation('committed@example.com')),
    );
    const [row] = await rowsOf(t, [id]);
    expect(row).toMatchObject({
      kind: 'invitation',
      to: 'committed@example.com',
      subject: 'Set up your Isaac account',
      state: 'pending',
      attempts: 0,
      sentAt: null,
    });
    expect(row?.html).toContain('href="https://isaac.test/invitations/');
    expect(row?.text).toContain('https://isaac.test/invitations/');
  });

  it('lists newest first with the state filter, search and total; shows one with its bodies', async () => {
    const first = await t.app.services.outbox.enqueue(t.db, invitation('list-a@example.com', 'A'));
    const second = await t.app.services.outbox.enqueue(t.db, invitation('list-b@example.com', 'B'));
    await t.db
      .update(emailOutbox)
      // a minute older: two messages written in the same instant have no order of their own (ids break the tie)
      .set({ state: 'failed', attempts: 8, lastError: '451 busy', createdAt: new Date(Date.now() - 60_000) })
      .where(eq(emailOutbox.id, first));

    const all = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?page_size=100', headers: admin });
    expect(all.statusCode).toBe(200);
    const list = all.json<OutboxList>();
    expect(list.delivering).toBe(false);
    expect(list.total).toBe(list.messages.length);
    const ids = list.messages.map((m) => m._id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(list.messages.find((m) => m._id === second)).toMatchObject({
      kind: 'invitation',
      to: 'list-b@example.com',
      state: 'pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
    });
    expect(list.messages[0]).not.toHaveProperty('html');

    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?state=failed',
      headers: admin,
    });
    expect(failed.json<OutboxList>()).toMatchObject({
      total: 1,
      messages: [{ _id: first, state: 'failed', attempts: 8, last_error: '451 busy', next_attempt_at: null }],
    });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox?search=LIST-B',
      headers: admin,
    });
    expect(found.json<OutboxList>().messages.map((m) => m._id)).toEqual([second]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?state=lost', headers: admin });
    expect(bad.statusCode).toBe(400);

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/outbox/${second}`, headers: admin });
    expect(detail.statusCode).toBe(200);
    const body = detail.json<OutboxMessageDetail>();
    expect(body).toMatchObject({ _id: second, subject: 'Set up your Isaac account' });
    expect(body.html).toMatch(/^<!doctype html>/);
    expect(body.html).toContain('Hello B,');
    expect(body.text).toContain('Hello B,');
    const missing = await t.app.inject({ method: 'GET', url: '/api/admin/outbox/nope', headers: admin });
    expect(missing.statusCode).toBe(404);
  });

  it('sorts by a column of the table, both ways; refuses another sort', async () => {
    const tag = `zs${Date.now()}`;
    const message = async (to: string, minutesAgo: number, set: Partial<typeof emailOutbox.$inferInsert>) => {
      const id = await t.app.services.outbox.enqueue(t.db, invitation(`${to}.${tag}@example.com`));
      await t.db
        .update(emailOutbox)
        .set({ ...set, createdAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(eq(emailOutbox.id, id));
      return id;
    };
    const m1 = await message('c', 3, { state: 'failed', attempts: 2, subject: 'Beta', kind: 'quote' });
    const m2 = await message('A', 2, { state: 'pending', attempts: 0, subject: 'alpha' });
    const m3 = await message('b', 1, {
      state: 'sent',
      attempts: 1,
      subject: 'Gamma',
      kind: 'order_confirmation',
    });
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/outbox?search=${tag}&${query}`, headers: admin });
    const messages = (body: unknown) => (body as OutboxList).messages;
    const id = (m: OutboxMessage) => m._id;
    await expectSortedBy(get, messages, 'created_at', id, [m1, m2, m3]);
    await expectSortedBy(get, messages, 'to', id, [m2, m3, m1]);
    await expectSortedBy(get, messages, 'subject', id, [m2, m1, m3]);
    await expectSortedBy(get, messages, 'kind', id, [m2, m3, m1]);
    await expectSortedBy(get, messages, 'state', id, [m1, m2, m3]);
    await expectSortedBy(get, messages, 'attempts', id, [m2, m3, m1]);
    await expectBadSortRefused(get);
  });

  it('sends a failed e-mail again: pending now with a fresh round; anything else is a 409', async () => {
    const id = await t.app.services.outbox.enqueue(t.db, invitation('retry@example.com'));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${id}/retry`,
      headers: admin,
    });
    expect(refused.statusCode).toBe(409);
    await t.db
      .update(emailOutbox)
      .set({ state: 'failed', attempts: OUTBOX_MAX_ATTEMPTS, lastError: '550 no such user' })
      .where(eq(emailOutbox.id, id));
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/retry`, headers: admin });
    expect(res.statusCode).toBe(200);
    const message = res.json<OutboxMessage>();
    expect(message).toMatchObject({ _id: id, state: 'pending', attempts: 0, last_error: '550 no such user' });
    expect(Date.parse(message.next_attempt_at ?? '')).toBeLessThanOrEqual(Date.now());
    // audited in the same transaction: who sent it again, the subject and recipient, never the body
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'email.resent',
      entityType: 'email',
      entityName: 'Set up your Isaac account → retry@example.com',
      changes: { state: { before: 'failed', after: 'pending' } },
      channel: 'api', // a request without a browser's headers
    });
    expect(entries[0]?.actorId).toEqual(expect.any(String));
    expect(JSON.stringify(entries[0])).not.toContain('/invite/');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/nope/retry',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes e-mails that ended more than the retention ago; pending ones stay whatever their age', async () => {
    const day = 24 * 60 * 60 * 1000;
    const old = new Date(Date.now() - 91 * day);
    const recent = new Date(Date.now() - 89 * day);
    const make = async (state: 'sent' | 'failed' | 'pending', at: Date) => {
      const id = await t.app.services.outbox.enqueue(
        t.db,
        invitation(`${state}.${at.getTime()}@example.com`),
      );
      await t.db
        .update(emailOutbox)
        .set({ state, sentAt: state === 'sent' ? at : null, updatedAt: at, createdAt: at })
        .where(eq(emailOutbox.id, id));
      return id;
    };
    const oldSent = await make('sent', old);
    const oldFailed = await make('failed', old);
    const oldPending = await make('pending', old);
    const recentSent = await make('sent', recent);
    const recentFailed = await make('failed', recent);

    expect(await t.app.services.outbox.prune(90)).toBe(2);
    const left = (await rowsOf(t, [oldSent, oldFailed, oldPending, recentSent, recentFailed])).map(
      (r) => r.id,
    );
    expect(left.sort()).toEqual([oldPending, recentSent, recentFailed].sort());
    expect(await t.app.services.outbox.prune(90)).toBe(0);
  });

  it('is for admins only', async () => {
    const id = await t.app.services.outbox.enqueue(t.db, invitation('private@example.com'));
    for (const [method, url] of [
      ['GET', '/api/admin/outbox'],
      ['GET', `/api/admin/outbox/${id}`],
      ['POST', `/api/admin/outbox/${id}/retry`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: owner })).statusCode, `${method} ${url}`).toBe(403);
      const anonymous = (await csrf(t.app)).headers;
      expect((await t.app.inject({ method, url, headers: anonymous })).statusCode, `${method} ${url}`).toBe(
        401,
      );
    }
  });
});

describe('outbox delivered through SMTP (smtp-server that refuses, then accepts)', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  /** Every message the server accepted, by recipient. */
  const received = new Map<string, string[]>();
  /** Recipients refused once already (the first delivery to each is refused with 451). */
  const refusedOnce = new Set<string>();
  /** Recipients the server always refuses. */
  const alwaysRefused = new Set<string>(['mailbox-full@example.com']);

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((r) => r.address).join(',');
          if (alwaysRefused.has(to) || !refusedOnce.has(to)) {
            refusedOnce.add(to);
            const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
            callback(error);
            return;
          }
          received.set(to, [...(received.get(to) ?? []), Buffer.concat(chunks).toString('utf8')]);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        OUTBOX_POLL_MS: '25',
        OUTBOX_RETRY_BASE_MS: '5',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers each e-mail exactly once after a refusal, and marks it sent with its message id', async () => {
    expect(t.app.services.outboxWorker).not.toBeNull();
    const recipients = ['one@example.com', 'two@example.com', 'three@example.com'];
    const ids = await t.db.transaction(async (tx) => {
      const out: string[] = [];
      for (const to of recipients) out.push(await t.app.services.outbox.enqueue(tx, invitation(to)));
      return out;
    });
    await vi.waitFor(
      async () => expect((await rowsOf(t, ids)).every((row) => row.state === 'sent')).toBe(true),
      { timeout: 15_000, interval: 50 },
    );
    for (const row of await rowsOf(t, ids)) {
      expect(row).toMatchObject({ state: 'sent', attempts: 2, lastError: expect.stringMatching(/451/) });
      expect(row.messageId).toMatch(/^<.+@.+>$/);
      expect(row.sentAt).toBeInstanceOf(Date);
    }
    // a few more polls: nothing goes out twice
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const to of recipients) {
      const messages = received.get(to) ?? [];
      expect(messages, to).toHaveLength(1);
      const raw = messages[0]!;
      expect(raw).toMatch(/^From: Isaac <no-reply@isaac\.local>$/m);
      expect(raw).toMatch(/^Subject: Set up your Isaac account$/m);
      expect(raw).toMatch(/multipart\/alternative/);
      expect(raw).toMatch(/text\/plain/);
      expect(raw).toMatch(/text\/html/);
    }

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: await authed(t.app, (await t.signIn(ROLE.admin)).token),
    });
    expect(list.json<OutboxList>().delivering).toBe(true);
  });

  it('gives up after the last attempt (failed, with the server’s answer); Retry sends it again', async () => {
    const id = await t.app.services.outbox.enqueue(t.db, invitation('mailbox-full@example.com'));
    await vi.waitFor(async () => expect((await rowsOf(t, [id]))[0]?.state).toBe('failed'), {
      timeout: 20_000,
      interval: 50,
    });
    const [row] = await rowsOf(t, [id]);
    expect(row).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, sentAt: null, messageId: null });
    expect(row?.lastError).toMatch(/451/);
    expect(received.get('mailbox-full@example.com')).toBeUndefined();

    alwaysRefused.delete('mailbox-full@example.com');
    const admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/retry`, headers: admin });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await rowsOf(t, [id]))[0]?.state).toBe('sent'), {
      timeout: 15_000,
      interval: 50,
    });
    expect(received.get('mailbox-full@example.com')).toHaveLength(1);
    expect((await rowsOf(t, [id]))[0]?.attempts).toBe(1);
  });

  it('two workers on one outbox never take the same message (the claim is a lease)', async () => {
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(mail) {
        sent.push(mail.to);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { messageId: `<${sent.length}@fake>` };
      },
    };
    const silent = pino({ level: 'silent' });
    // A poll far in the future: these two run only when told to; the app's own worker is stopped first.
    await t.app.services.outboxWorker?.stop();
    const options = { from: 'Isaac <no-reply@isaac.local>', pollMs: 600_000, retryBaseMs: 5, batchSize: 3 };
    const a = new OutboxWorker(t.db, transport, t.clock.now, silent, options);
    const b = new OutboxWorker(t.db, transport, t.clock.now, silent, options);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(await t.app.services.outbox.enqueue(t.db, invitation(`pair-${i}@example.com`)));
    }
    const claimed = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(claimed).toEqual([3, 3]);
    expect([...sent].sort()).toEqual(ids.map((_, i) => `pair-${i}@example.com`).sort());
    expect((await rowsOf(t, ids)).every((row) => row.state === 'sent' && row.attempts === 1)).toBe(true);
    expect(await Promise.all([a.runOnce(), b.runOnce()])).toEqual([0, 0]);
  });
});
