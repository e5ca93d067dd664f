import { ERROR_CODE, ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { devices, sessions, users } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { TOUCH_INTERVAL_MS } from './sessions.ts';

// The session check is a prepared statement read on every request, never cached (ADR 017): these
// tests change the rows behind the API's back (as another API process, or an operator, would) and
// expect the very next request to see it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

function sessionIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')) as {
    sid: string;
  };
  return payload.sid;
}

async function lastSeenAt(sessionId: string): Promise<number> {
  const [row] = await t.db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (!row) throw new Error('no session');
  return row.lastSeenAt.getTime();
}

describe('the auth hook reads the session on every request', () => {
  it('a session revoked in the database is refused by the very next request', async () => {
    const { token } = await t.signIn(ROLE.owner);
    // Warm: the prepared statements exist and have run for this session.
    for (let i = 0; i < 3; i += 1) expect((await get(t.app, '/api/devices', token)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ revokedAt: t.clock.now() })
      .where(eq(sessions.id, sessionIdOf(token)));
    const res = await get(t.app, '/api/devices', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODE.authorizationRequired);
    expect((await get(t.app, '/auth/current-user', token)).statusCode).toBe(401);
  });

  it('a logout on one API process ends the session on another at once', async () => {
    const second = await buildApp({ config: t.config, db: t.db, now: t.clock.now });
    try {
      const { token } = await t.signIn(ROLE.owner);
      expect((await get(second, '/api/devices', token)).statusCode).toBe(200);
      expect((await get(t.app, '/api/devices', token)).statusCode).toBe(200);
      const out = await second.inject({
        method: 'POST',
        url: '/auth/logout',
        headers: await authed(second, token),
      });
      expect(out.statusCode).toBe(200);
      expect((await get(t.app, '/api/devices', token)).statusCode).toBe(401);
      expect((await get(second, '/api/devices', token)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('a disabled account and a role change apply to the next request', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    expect((await get(t.app, '/api/dashboard', token)).statusCode).toBe(200);
    await t.db.update(users).set({ role: ROLE.admin }).where(eq(users.id, user.id));
    expect((await get(t.app, '/api/dashboard', token)).statusCode).toBe(403);
    await t.db.update(users).set({ role: ROLE.owner, status: 'disabled' }).where(eq(users.id, user.id));
    expect((await get(t.app, '/api/dashboard', token)).statusCode).toBe(401);
  });

  it('GET /auth/current-user presents the row read with the session, as it is now', async () => {
    const { user, token } = await t.signIn(ROLE.owner, { city: 'Pune' });
    const first = await get(t.app, '/auth/current-user', token);
    expect(first.json().user).toMatchObject({ _id: user.id, name: user.name, location: { city: 'Pune' } });
    expect(first.json().user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(first.json())).not.toContain(user.passwordHash);
    await t.db.update(users).set({ name: 'Renamed Owner', city: null }).where(eq(users.id, user.id));
    const second = await get(t.app, '/auth/current-user', token);
    expect(second.json().user).toMatchObject({ _id: user.id, name: 'Renamed Owner', location: null });
  });

  it(`writes last_seen_at at most once per ${TOUCH_INTERVAL_MS / 1000} s`, async () => {
    const { token } = await t.signIn(ROLE.owner);
    const sid = sessionIdOf(token);
    const signedInAt = await lastSeenAt(sid);
    t.clock.advance(TOUCH_INTERVAL_MS / 2);
    expect((await get(t.app, '/api/devices', token)).statusCode).toBe(200);
    expect(await lastSeenAt(sid)).toBe(signedInAt);
    t.clock.advance(TOUCH_INTERVAL_MS / 2 + 1000);
    expect((await get(t.app, '/api/devices', token)).statusCode).toBe(200);
    const touched = await lastSeenAt(sid);
    expect(touched).toBeGreaterThan(signedInAt);
    expect(Math.abs(touched - t.clock.now().getTime())).toBeLessThan(1000);
  });
});

describe('a read that carries the session check (GET /api/devices, ADR 041)', () => {
  async function addDevice(userId: string, name: string): Promise<string> {
    const [row] = await t.db
      .insert(devices)
      .values({ name, model: 'ISAAC Pro', serialNumber: `SIR-${randomUUID()}`, type: 'isaac', userId })
      .returning({ id: devices.id });
    if (!row) throw new Error('no device');
    return row.id;
  }
  const listed = (res: { json(): { devices: { _id: string }[] } }) => res.json().devices.map((d) => d._id);

  it('reads the session in the list statement: the hook sends no lookup of its own', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const mine = await addDevice(user.id, 'Hall Purifier');
    const lookups = vi.spyOn(t.app.services.sessions, 'findLive');
    try {
      const res = await get(t.app, '/api/devices', token);
      expect(res.statusCode).toBe(200);
      expect(listed(res)).toEqual([mine]);
      expect(res.json()).toMatchObject({ page: 1, total: 1 });
      expect(lookups).not.toHaveBeenCalled();
      // The other routes still look the session up in the hook.
      expect((await get(t.app, '/auth/current-user', token)).statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('a session of another user, a revoked one and a disabled account return nothing of the list', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    await addDevice(user.id, 'Study Purifier');
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    const disabled = await get(t.app, '/api/devices', token);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json()).toMatchObject({ error: ERROR_CODE.authorizationRequired });
    expect(disabled.body).not.toContain('Study Purifier');

    // A token naming a session that is not its user's (a forged pairing cannot be signed, but the check
    // stays): the session of another owner.
    const other = await t.signIn(ROLE.owner);
    const theirs = sessionIdOf(other.token);
    const me = await t.signIn(ROLE.owner);
    await t.db
      .update(sessions)
      .set({ userId: other.user.id })
      .where(eq(sessions.id, sessionIdOf(me.token)));
    const mismatched = await get(t.app, '/api/devices', me.token);
    expect(mismatched.statusCode).toBe(401);
    expect(theirs).not.toBe(sessionIdOf(me.token));
  });

  it("the role is the database's, not the token's", async () => {
    const electrician = await t.signIn(ROLE.electrician);
    const own = await addDevice(electrician.user.id, 'Workshop Purifier');
    expect(listed(await get(t.app, '/api/devices', electrician.token))).toEqual([own]);
    // Behind the API's back (an admin's role change ends the sessions; an operator's UPDATE does not).
    await t.db.update(users).set({ role: ROLE.owner }).where(eq(users.id, electrician.user.id));
    expect(listed(await get(t.app, '/api/devices', electrician.token))).toEqual([own]);
    await t.db.update(users).set({ role: ROLE.admin }).where(eq(users.id, electrician.user.id));
    const refused = await get(t.app, '/api/devices', electrician.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Workshop Purifier');
  });
});

describe('every route that reads the session with its data (ADR 041)', () => {
  /** Who may call each such route; a new one must be added here, and is then checked as the others. */
  const CALLER: Record<string, number> = {
    'GET /api/devices': ROLE.owner,
    'GET /api/rooms': ROLE.owner,
    'GET /api/dashboard': ROLE.owner,
    'GET /api/electrician/dashboard': ROLE.electrician,
    'GET /electrician/installations': ROLE.electrician,
    'GET /electrician/devices': ROLE.electrician,
    'GET /api/admin/devices': ROLE.admin,
  };
  const routes = () =>
    t.app.routeTable.filter((r) => r.sessionInRead && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);

  it('is listed here, so it is checked below', () => {
    expect(routes().sort()).toEqual(Object.keys(CALLER).sort());
  });

  it('answers with no session lookup of the hook, and refuses a revoked session the very next request', async () => {
    for (const route of routes()) {
      const url = route.slice(route.indexOf(' ') + 1);
      const { token } = await t.signIn(CALLER[route] as number);
      const lookups = vi.spyOn(t.app.services.sessions, 'findLive');
      try {
        expect((await get(t.app, url, token)).statusCode, route).toBe(200);
        expect(lookups, route).not.toHaveBeenCalled();
      } finally {
        lookups.mockRestore();
      }
      await t.db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.id, sessionIdOf(token)));
      const refused = await get(t.app, url, token);
      expect(refused.statusCode, route).toBe(401);
      expect(refused.json(), route).toMatchObject({ error: ERROR_CODE.authorizationRequired });
    }
  });
});

describe('idle sessions (SESSION_IDLE_MINUTES=5, shorter than the token)', () => {
  let idle: TestApp;
  beforeAll(async () => {
    idle = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5' } });
  });
  afterAll(() => idle.close());

  it('activity keeps the session going; 5 minutes without a request end it, with a valid token', async () => {
    const { token } = await idle.signIn(ROLE.owner);
    for (let i = 0; i < 3; i += 1) {
      idle.clock.advance(4 * 60_000);
      expect((await get(idle.app, '/api/devices', token)).statusCode).toBe(200);
    }
    idle.clock.advance(5 * 60_000 + 1000);
    const res = await get(idle.app, '/api/devices', token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODE.authorizationRequired);
  });
});
