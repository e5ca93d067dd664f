import { ERROR_CODE, ROLE } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, login, type TestApp } from '../../test/helpers.ts';
import { ACCOUNT_MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const currentUser = async (token: string) =>
  t.app.inject({ method: 'GET', url: '/auth/current-user', headers: { authorization: `Bearer ${token}` } });

describe('PUT /api/account/profile', () => {
  it('updates my name and mobile, for every role', async () => {
    for (const role of [ROLE.owner, ROLE.electrician, ROLE.admin]) {
      const { user, token } = await t.signIn(role);
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/account/profile',
        headers: await authed(t.app, token),
        payload: { name: '  Meera Nair ', mobile: '+91 98450 12345' },
      });
      expect(res.statusCode, `role ${role}`).toBe(200);
      expect(res.json().user).toMatchObject({
        _id: user.id,
        name: 'Meera Nair',
        mobile: '+91 98450 12345',
        email: user.email,
        role,
      });
      expect(res.body).not.toMatch(/password|argon2/i);
    }
  });

  it('an empty mobile clears it', async () => {
    const { token } = await t.signIn(ROLE.owner, { mobile: '+91 90000 00000' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: await authed(t.app, token),
      payload: { name: 'No Phone', mobile: '' },
    });
    expect(res.json().user.mobile).toBeNull();
  });

  it('validates name and mobile (400 with details)', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: await authed(t.app, token),
      payload: { name: ' ', mobile: 'call me' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['mobile', 'name']);
  });
});

describe('PATCH /api/account/profile (language: ADR 073)', () => {
  const patch = async (token: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: await authed(t.app, token),
      payload,
    });

  it('stores the language I choose (shown as mine), keeps what I leave out, and null follows the browser again', async () => {
    const { user, token } = await t.signIn(ROLE.electrician, { name: 'Ravi', mobile: '+91 90000 11111' });
    expect((await currentUser(token)).json().user.language).toBeNull();

    const res = await patch(token, { language: 'hi' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: user.id,
      language: 'hi',
      name: 'Ravi',
      mobile: '+91 90000 11111',
    });
    expect((await currentUser(token)).json().user.language).toBe('hi');
    const [record] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'user.updated')));
    expect(record?.changes).toEqual({ language: { before: null, after: 'hi' } });

    expect((await patch(token, { name: 'Ravi Kumar' })).json().user).toMatchObject({
      name: 'Ravi Kumar',
      language: 'hi',
    });
    expect((await patch(token, { language: null })).json().user.language).toBeNull();
  });

  it('refuses a language the app does not have, and an empty change', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const unknown = await patch(token, { language: 'fr' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.map((d: { path: string }) => d.path)).toEqual(['language']);
    expect((await patch(token, {})).statusCode).toBe(400);
  });

  it('needs a signed-in user (401) and, as every change, the CSRF header (403)', async () => {
    const { headers } = await csrf(t.app);
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers,
      payload: { language: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await t.signIn(ROLE.owner);
    const noCsrf = await t.app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: { language: 'hi' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('POST /api/account/password', () => {
  it('changes the password and ends every other session; the current one keeps working', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const otherToken = await login(t.app, user.email, password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: await authed(t.app, token),
      payload: { current_password: password, new_password: 'a-brand-new-secret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordChanged });

    const other = await currentUser(otherToken);
    expect(other.statusCode).toBe(401);
    expect(other.json().error).toBe(ERROR_CODE.authorizationRequired);
    expect((await currentUser(token)).statusCode).toBe(200);

    await expect(login(t.app, user.email, password)).rejects.toThrow(/401/);
    const fresh = await login(t.app, user.email, 'a-brand-new-secret');
    expect((await currentUser(fresh)).statusCode).toBe(200);
  });

  it('a wrong current password is 400 on current_password, and nothing changes', async () => {
    const { user, password, token } = await t.signIn(ROLE.electrician);
    const otherToken = await login(t.app, user.email, password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: await authed(t.app, token),
      payload: { current_password: 'not-my-password', new_password: 'another-secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: ERROR_CODE.validation,
      message: ACCOUNT_MESSAGES.wrongPassword,
      details: [{ path: 'current_password', message: ACCOUNT_MESSAGES.wrongPassword }],
    });
    expect((await currentUser(otherToken)).statusCode).toBe(200);
    await expect(login(t.app, user.email, password)).resolves.toEqual(expect.any(String));
  });

  it('validates the body: current required, new at least 6 characters and different', async () => {
    const { password, token } = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: { current_password: '', new_password: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(
      expect.arrayContaining([
        { path: 'current_password', message: 'Current password is required' },
        { path: 'new_password', message: 'Password must be at least 6 characters' },
      ]),
    );
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: { current_password: password, new_password: password },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().details[0].path).toBe('new_password');
  });

  it('throttles repeated wrong current passwords (429)', async () => {
    const { password, token } = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    const attempt = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers,
        payload: { current_password: current, new_password: 'whatever-new' },
      });
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong-guess')).statusCode).toBe(400);
    const blocked = await attempt(password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toEqual(expect.any(String));
  });
});

describe('GET /api/account/sessions and DELETE /api/account/sessions/:id', () => {
  it('lists my live sessions with the current one marked; ending one stops its token', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const otherToken = await login(t.app, user.email, password);
    const stranger = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);

    const res = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers });
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json<{ sessions: { _id: string; current: boolean }[] }>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]).toEqual({
      _id: expect.any(String),
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      user_agent: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
      ip: expect.any(String),
      current: expect.any(Boolean),
    });

    const other = sessions.find((s) => !s.current);
    const end = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${other?._id}`, headers });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toEqual({ message: ACCOUNT_MESSAGES.sessionEnded });
    expect((await currentUser(otherToken)).statusCode).toBe(401);
    expect((await currentUser(token)).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers });
    expect(after.json().sessions).toHaveLength(1);

    // Someone else's session id is 404 and their session lives on.
    const strangerSessions = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: await authed(t.app, stranger.token),
    });
    const strangerId = strangerSessions.json().sessions[0]._id;
    const steal = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${strangerId}`,
      headers,
    });
    expect(steal.statusCode).toBe(404);
    expect((await currentUser(stranger.token)).statusCode).toBe(200);
  });

  it('ending my current session signs me out; an ended session is 404 the second time', async () => {
    const { user, password, token } = await t.signIn(ROLE.admin);
    const spare = await login(t.app, user.email, password);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/account/sessions',
      headers: await authed(t.app, token),
    });
    const current = list.json().sessions.find((s: { current: boolean }) => s.current)._id;
    const end = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${current}`,
      headers: await authed(t.app, token),
    });
    expect(end.statusCode).toBe(200);
    expect((await currentUser(token)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${current}`,
      headers: await authed(t.app, spare),
    });
    expect(again.statusCode).toBe(404);
  });

  it('needs a token (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/sessions' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/account/sessions/revoke-others', () => {
  it("signs out every other session of mine (not someone else's), keeps this one, and records it", async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const second = await login(t.app, user.email, password);
    const third = await login(t.app, user.email, password);
    const stranger = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);

    const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.otherSessionsEnded(2), sessions_ended: 2 });
    expect(res.json().message).toBe('Signed out 2 other sessions.');
    expect((await currentUser(second)).statusCode).toBe(401);
    expect((await currentUser(third)).statusCode).toBe(401);
    expect((await currentUser(token)).statusCode).toBe(200);
    expect((await currentUser(stranger.token)).statusCode).toBe(200);
    const left = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers });
    expect(left.json().sessions).toEqual([expect.objectContaining({ current: true })]);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'session.others_revoked'), eq(auditLog.entityId, user.id)));
    expect(entry).toMatchObject({ actorId: user.id, entityType: 'user' });
    expect(entry?.changes).toEqual({ sessions_ended: { before: null, after: 2 } });

    const again = await t.app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers });
    expect(again.json()).toEqual({ message: 'No other sessions were signed in.', sessions_ended: 0 });
  });

  it('needs a token (401)', async () => {
    const { headers } = await csrf(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/revoke-others', headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('activity log', () => {
  const actionsBy = async (userId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.actorId, userId)).orderBy(auditLog.at)).map(
      (e) => e.action,
    );

  it('records a profile change, a password change (never the password) and an ended session', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, token);
    const otherToken = await login(t.app, user.email, password);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers,
      payload: { name: 'Meera Iyer', mobile: '+91 98450 11111' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    // A wrong current password changes nothing and records nothing.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: { current_password: 'not-my-password', new_password: 'a-brand-new-secret' },
    });
    expect(wrong.statusCode).toBe(400);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers,
      payload: { current_password: password, new_password: 'a-brand-new-secret' },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = await login(t.app, user.email, 'a-brand-new-secret');
    const list = await t.app.inject({ method: 'GET', url: '/api/account/sessions', headers });
    const freshSession = list
      .json<{ sessions: { _id: string; current: boolean }[] }>()
      .sessions.find((s) => !s.current);
    expect(freshSession).toBeDefined();
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${freshSession?._id}`,
      headers,
    });
    expect(ended.statusCode).toBe(200);
    expect((await currentUser(fresh)).statusCode).toBe(401);
    expect((await currentUser(otherToken)).statusCode).toBe(401);

    const actions = await actionsBy(user.id);
    expect(actions.filter((a) => a !== 'auth.sign_in')).toEqual([
      'user.updated',
      'auth.password_changed',
      'session.revoked',
    ]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.entityId, user.id)));
    expect(JSON.stringify(entries)).not.toMatch(/a-brand-new-secret|not-my-password/);
    expect(entries.find((e) => e.action === 'user.updated')?.changes).toMatchObject({
      name: { after: 'Meera Iyer' },
      mobile: { after: '+91 98450 11111' },
    });
  });
});
