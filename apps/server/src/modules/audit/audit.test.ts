import { ROLE, type ActivityPage } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';
import { AuditLog, changesBetween, REDACTED, SYSTEM_CONTEXT, type AuditContext } from './audit-log.ts';

let t: TestApp;
let adminHeaders: Record<string, string>;
let log: AuditLog;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signIn(ROLE.admin);
  adminHeaders = await authed(t.app, admin.token);
  log = new AuditLog(t.db, t.app.now);
});
afterAll(async () => t.close());

async function activity(query: string): Promise<ActivityPage> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/activity${query}`,
    headers: adminHeaders,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function contextOf(id: string, name: string): AuditContext {
  return { ...SYSTEM_CONTEXT, actor: { id, name, role: ROLE.admin }, channel: 'api' };
}

describe('sign-ins are recorded', () => {
  it('records a sign-in with its actor and session, and a refused password without the password', async () => {
    const { user, password } = await t.createUser({ role: ROLE.owner });
    const pair = await csrf(t.app);
    const login = (pw: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { ...pair.headers, 'user-agent': 'audit-test' },
        payload: { email: user.email, password: pw },
      });
    expect((await login('wrong-password-1')).statusCode).toBe(401);
    expect((await login(password)).statusCode).toBe(200);

    const failed = await activity(`?action=auth.sign_in_failed&entity_id=${user.id}`);
    expect(failed.entries).toHaveLength(1);
    expect(failed.entries[0]).toMatchObject({
      actor: null,
      entity: { type: 'user', id: user.id, name: user.email },
      channel: 'api',
      user_agent: 'audit-test',
    });
    expect(JSON.stringify(failed.entries[0])).not.toContain('wrong-password-1');

    const signIn = await activity(`?action=auth.sign_in&actor_id=${user.id}`);
    expect(signIn.entries).toHaveLength(1);
    expect(signIn.entries[0]).toMatchObject({
      actor: { id: user.id, name: user.name, role: ROLE.owner },
      entity: { type: 'session' },
    });
    expect(signIn.entries[0]?.request_id).toBeTruthy();
  });
});

describe('GET /api/admin/activity', () => {
  it('pages newest (or oldest) first with a cursor, never repeating or skipping an entry', async () => {
    const actorId = 'actor-paging';
    for (let i = 0; i < 25; i += 1) {
      await log.record(t.db, contextOf(actorId, 'Pager'), {
        action: 'device.updated',
        entity: { type: 'device', id: `dev-${i}`, name: `Device ${i}` },
      });
      t.clock.advance(i % 3 === 0 ? 0 : 1000); // some entries share a timestamp
    }
    const read = async (order: 'asc' | 'desc') => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: ActivityPage = await activity(
          `?actor_id=${actorId}&order=${order}&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        seen.push(...page.entries.map((e) => e.entity.id ?? ''));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      return seen;
    };
    const newest = await read('desc');
    expect(newest).toHaveLength(25);
    expect(new Set(newest).size).toBe(25);
    expect(newest[0]).toBe('dev-24');
    // dev-0 and dev-1 share the oldest timestamp: between them the id decides, and ids are random
    expect(['dev-0', 'dev-1']).toContain(newest.at(-1));
    // Oldest first is the same entries the other way round (the id breaks ties the other way too).
    expect(await read('asc')).toEqual([...newest].reverse());
    for (const query of ['?order=sideways', '?sort=actor']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/activity${query}`,
        headers: adminHeaders,
      });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('filters by action, entity, channel and date range', async () => {
    const from = t.clock.now().toISOString();
    await log.record(
      t.db,
      { ...contextOf('actor-filter', 'Filter'), channel: 'voice' },
      {
        action: 'device.command',
        entity: { type: 'device', id: 'dev-voice', name: 'Purifier 2' },
        changes: { power_on: { before: true, after: false } },
      },
    );
    t.clock.advance(30_000);
    const between = t.clock.now().toISOString();
    t.clock.advance(30_000);
    await log.record(t.db, contextOf('actor-filter', 'Filter'), {
      action: 'room.created',
      entity: { type: 'room', id: 'room-1', name: 'Study' },
    });
    const to = t.clock.now().toISOString();

    const voice = await activity('?actor_id=actor-filter&channel=voice');
    expect(voice.entries.map((e) => e.action)).toEqual(['device.command']);
    expect(voice.entries[0]?.changes).toEqual({ power_on: { before: true, after: false } });
    expect((await activity('?entity_type=room&entity_id=room-1')).entries).toHaveLength(1);
    expect(
      (await activity(`?actor_id=actor-filter&from=${encodeURIComponent(between)}`)).entries,
    ).toHaveLength(1);
    expect((await activity(`?actor_id=actor-filter&to=${encodeURIComponent(between)}`)).entries).toHaveLength(
      1,
    );
    expect(
      (await activity(`?actor_id=actor-filter&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`))
        .entries,
    ).toHaveLength(2);
  });

  it('refuses a forged cursor, an unknown action and a range that ends before it starts', async () => {
    for (const query of [
      '?cursor=not-a-cursor',
      '?action=device.exploded',
      '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/activity${query}`,
        headers: adminHeaders,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('is for admins only', async () => {
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const { token } = await t.signIn(role);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/activity',
        headers: await authed(t.app, token),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('the audit log', () => {
  it('is written with the change or not at all (same transaction)', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await log.record(tx, contextOf('actor-rollback', 'Rollback'), {
          action: 'user.updated',
          entity: { type: 'user', id: 'u-rollback' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await activity('?actor_id=actor-rollback')).entries).toEqual([]);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await log.record(t.db, contextOf('actor-append', 'Append'), {
      action: 'setting.updated',
      entity: { type: 'setting', id: 'x' },
    });
    await expect(t.db.update(auditLog).set({ action: 'user.deleted' })).rejects.toThrow();
    await expect(t.db.delete(auditLog)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await activity('?actor_id=actor-append')).entries).toHaveLength(1);
  });

  it('records changed fields only, and secrets only as changed', () => {
    type Row = {
      name: string;
      role: number;
      password_hash: string;
      wifi_password: string;
      city: string | null;
    };
    const before: Row = { name: 'A', role: 2, password_hash: 'h1', wifi_password: 'p1', city: null };
    const after: Row = { name: 'B', role: 2, password_hash: 'h2', wifi_password: 'p2', city: 'Pune' };
    expect(changesBetween(before, after, ['name', 'role', 'password_hash', 'wifi_password', 'city'])).toEqual(
      {
        name: { before: 'A', after: 'B' },
        password_hash: { before: REDACTED, after: REDACTED },
        wifi_password: { before: REDACTED, after: REDACTED },
        city: { before: null, after: 'Pune' },
      },
    );
  });
});
