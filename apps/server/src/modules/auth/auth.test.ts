import { CSRF_COOKIE, ERROR_CODE, MSG, ROLE } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { authed, createTestApp, csrf, login, TIMING_SLACK, type TestApp } from '../../test/helpers.ts';
import { LOGIN_LIMITS } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A distinct client address per test, so the per-IP throttle of one test does not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

async function postLogin(body: unknown, remoteAddress = freshIp()) {
  const { headers } = await csrf(t.app);
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers,
    payload: body as object,
    remoteAddress,
  });
}

describe('GET /auth/csrf-token', () => {
  it('returns a token and sets it in an HttpOnly SameSite=Lax cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/csrf-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json().csrf_token).toMatch(/^[\w-]{40,}$/);
    const cookie = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});

describe('POST /auth/login', () => {
  it('signs in: token, user without the hash, oauth_mode false, redirect null', async () => {
    const { user, password } = await t.createUser({ role: ROLE.admin, email: 'Admin.Case@Test.Isaac' });
    const res = await postLogin({ email: 'ADMIN.case@test.isaac', password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.oauth_mode).toBe(false);
    expect(body.redirect).toBeNull();
    expect(body.user).toMatchObject({
      _id: user.id,
      email: 'admin.case@test.isaac',
      role: ROLE.admin,
      status: 'active',
    });
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
  });

  it('in OAuth mode, refuses an unregistered client before checking the password (the flow: modules/oauth/authorization-code.test.ts)', async () => {
    const { user, password } = await t.createUser();
    const res = await postLogin({
      email: user.email,
      password,
      oauth_params: { client_id: 'alexa', redirect_uri: 'https://example.com/cb', state: 'xyz' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ERROR_CODE.invalidRedirect, message: MSG.invalidRedirect });
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const { user } = await t.createUser();
    const wrong = await postLogin({ email: user.email, password: 'not-the-password' });
    const unknown = await postLogin({ email: 'nobody@test.isaac', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: ERROR_CODE.invalidCredentials,
      message: 'Invalid email or password',
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a disabled account with the same 401', async () => {
    const { user, password } = await t.createUser({ status: 'disabled' });
    const res = await postLogin({ email: user.email, password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODE.invalidCredentials);
  });

  it('rejects invalid input with 400 validation_error and field details', async () => {
    const res = await postLogin({ email: 'not-an-email', password: '123' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(ERROR_CODE.validation);
    expect(body.details).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Invalid email address' },
        { path: 'password', message: 'Password must be at least 6 characters' },
      ]),
    );
    const empty = await postLogin({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('requires the CSRF header (403 csrf_required), and one matching the cookie', async () => {
    const { user, password } = await t.createUser();
    const none = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: user.email, password },
    });
    expect(none.statusCode).toBe(403);
    expect(none.json().error).toBe(ERROR_CODE.csrfRequired);
    expect(none.json().message).toMatch(/X-CSRF-Token/);

    const a = await csrf(t.app);
    const b = await csrf(t.app);
    const mismatched = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { cookie: a.cookie, 'x-csrf-token': b.token },
      payload: { email: user.email, password },
    });
    expect(mismatched.statusCode).toBe(403);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { cookie: `${CSRF_COOKIE}=forged.bad`, 'x-csrf-token': 'forged' },
      payload: { email: user.email, password },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe('sign-in throttling (ADR 015)', () => {
  const pairMax = LOGIN_LIMITS.perAccountAndIp.max;
  const accountMax = LOGIN_LIMITS.perAccount.max;
  const wrong = (email: string, ip?: string) => postLogin({ email, password: 'wrong-password' }, ip);

  /** Fails `count` times on the account, each from a new address (a distributed guesser). */
  async function distributedFailures(email: string, count: number) {
    for (let i = 0; i < count; i += 1) expect((await wrong(email)).statusCode).toBe(401);
  }

  it(`blocks an (account, address) pair after ${pairMax} failures (429 + Retry-After), even with the right password`, async () => {
    const { user, password } = await t.createUser();
    const ip = freshIp();
    for (let i = 0; i < pairMax; i += 1) expect((await wrong(user.email, ip)).statusCode).toBe(401);
    const blocked = await postLogin({ email: user.email, password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: ERROR_CODE.tooManyRequests,
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAndIp.windowMs / 1000);

    t.clock.advance(LOGIN_LIMITS.perAccountAndIp.windowMs + 1000);
    expect((await postLogin({ email: user.email, password }, ip)).statusCode).toBe(200);
  });

  it('an attacker failing from one address does not lock the owner out: the owner signs in from another', async () => {
    const { user, password } = await t.createUser();
    const attacker = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await wrong(user.email, attacker)).statusCode);
    expect(statuses).toEqual([...Array<number>(pairMax).fill(401), ...Array<number>(10 - pairMax).fill(429)]);

    expect((await postLogin({ email: user.email, password })).statusCode).toBe(200);
    // The attacker stays blocked, even with the right password.
    const still = await postLogin({ email: user.email, password }, attacker);
    expect(still.statusCode).toBe(429);
    expect(Number(still.headers['retry-after'])).toBeGreaterThan(LOGIN_LIMITS.perAccount.maxDelayMs / 1000);
  });

  it('a distributed attacker gets growing delays capped at a few seconds; the owner waits at most the cap', async () => {
    const { user, password } = await t.createUser();
    await distributedFailures(user.email, accountMax);

    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await wrong(user.email);
      expect(res.statusCode).toBe(429);
      const wait = Number(res.headers['retry-after']);
      waits.push(wait);
      // Attempts refused during the delay are not counted: a second refusal names the same wait.
      expect(Number((await wrong(user.email)).headers['retry-after'])).toBe(wait);
      t.clock.advance(wait * 1000);
      expect((await wrong(user.email)).statusCode).toBe(401);
    }
    const cap = LOGIN_LIMITS.perAccount.maxDelayMs / 1000;
    expect(waits).toEqual([1, 2, 4, 8, 16, cap, cap, cap]);

    // The owner, from an address with no failures, is delayed by at most the cap, then signs in.
    const owner = freshIp();
    const delayed = await postLogin({ email: user.email, password }, owner);
    expect(delayed.statusCode).toBe(429);
    const wait = Number(delayed.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(cap);
    t.clock.advance(wait * 1000);
    expect((await postLogin({ email: user.email, password }, owner)).statusCode).toBe(200);
  });

  it('an address the owner signed in from is not held up by the per-account delay', async () => {
    const { user, password } = await t.createUser();
    const home = freshIp();
    expect((await postLogin({ email: user.email, password }, home)).statusCode).toBe(200);
    await distributedFailures(user.email, accountMax);
    expect((await wrong(user.email)).statusCode).toBe(429);
    expect((await postLogin({ email: user.email, password }, home)).statusCode).toBe(200);
  });

  it('a successful sign-in resets the (account, address) count', async () => {
    const { user, password } = await t.createUser();
    const ip = freshIp();
    for (let i = 0; i < pairMax - 1; i += 1) expect((await wrong(user.email, ip)).statusCode).toBe(401);
    expect((await postLogin({ email: user.email, password }, ip)).statusCode).toBe(200);
    for (let i = 0; i < pairMax - 1; i += 1) expect((await wrong(user.email, ip)).statusCode).toBe(401);
    expect((await postLogin({ email: user.email, password }, ip)).statusCode).toBe(200);
  });

  it('concurrent wrong attempts cannot slip past the limit', async () => {
    const { user } = await t.createUser();
    const ip = freshIp();
    const { headers } = await csrf(t.app);
    const responses = await Promise.all(
      Array.from({ length: pairMax * 2 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers,
          payload: { email: user.email, password: 'wrong-password' },
          remoteAddress: ip,
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(pairMax).fill(401), ...Array<number>(pairMax).fill(429)]);
  });

  it(`blocks an IP address after ${LOGIN_LIMITS.perIp.max} failures across accounts`, async () => {
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i += 1) {
      expect(
        (await postLogin({ email: `ghost${i}@test.isaac`, password: 'wrong-password' }, ip)).statusCode,
      ).toBe(401);
    }
    const { user, password } = await t.createUser();
    const blocked = await postLogin({ email: user.email, password }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await postLogin({ email: user.email, password })).statusCode).toBe(200);
    t.clock.advance(LOGIN_LIMITS.perIp.windowMs + 1000);
    expect((await postLogin({ email: user.email, password }, ip)).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 network as one source', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perIp.max; i += 1) {
      const ip = `2001:db8:77:1::${(i + 1).toString(16)}`;
      expect(
        (await postLogin({ email: `v6-${i}@test.isaac`, password: 'wrong-password' }, ip)).statusCode,
      ).toBe(401);
    }
    const { user, password } = await t.createUser();
    expect((await postLogin({ email: user.email, password }, '2001:db8:77:1:ffff::9')).statusCode).toBe(429);
    expect((await postLogin({ email: user.email, password }, '2001:db8:77:2::1')).statusCode).toBe(200);
    t.clock.advance(LOGIN_LIMITS.perIp.windowMs + 1000);
  });

  it('two API processes on one database share the counters', async () => {
    const second = await buildApp({ config: t.config, db: t.db, now: t.clock.now });
    try {
      const { user, password } = await t.createUser();
      const ip = freshIp();
      const { headers } = await csrf(second);
      const onSecond = (pw: string) =>
        second.inject({
          method: 'POST',
          url: '/auth/login',
          headers,
          payload: { email: user.email, password: pw },
          remoteAddress: ip,
        });
      for (let i = 0; i < pairMax - 2; i += 1) expect((await wrong(user.email, ip)).statusCode).toBe(401);
      expect((await onSecond('wrong-password')).statusCode).toBe(401);
      expect((await onSecond('wrong-password')).statusCode).toBe(401);
      expect((await onSecond(password)).statusCode).toBe(429);
      expect((await postLogin({ email: user.email, password }, ip)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('GET /auth/current-user and the 401 codes', () => {
  it('returns the signed-in user', async () => {
    const { user, token } = await t.signIn(ROLE.electrician, {
      city: 'Pune',
      pincode: '411001',
      address: '1 MG Road',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: user.id,
      role: ROLE.electrician,
      location: { city: 'Pune', pincode: '411001', address: '1 MG Road' },
    });
  });

  it('401 authorization_required without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/current-user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERROR_CODE.authorizationRequired);
  });

  it('401 invalid_token for a malformed or badly signed token', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const [h, p] = token.split('.');
    for (const bad of ['garbage', `${h}.${p}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/auth/current-user',
        headers: { authorization: `Bearer ${bad}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(ERROR_CODE.invalidToken);
    }
  });
});

describe('token expiry, refresh and logout', () => {
  it('an expired token answers token_expired; refresh rotates it and the new one works', async () => {
    const { token } = await t.signIn(ROLE.owner);
    t.clock.advance(31 * 60_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toBe(ERROR_CODE.tokenExpired);
    expect(expired.json().message).toContain('Token has expired');

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: await authed(t.app, token),
    });
    expect(refreshed.statusCode).toBe(200);
    const fresh = refreshed.json().token as string;
    expect(fresh).not.toBe(token);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${fresh}` },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refresh requires CSRF and a well-signed token', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noCsrf.statusCode).toBe(403);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: (await csrf(t.app)).headers,
    });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().error).toBe(ERROR_CODE.authorizationRequired);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: await authed(t.app, `${token}x`),
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBe(ERROR_CODE.invalidToken);
  });

  it('logout revokes the session: the token and refresh stop working at once', async () => {
    const { token } = await t.signIn(ROLE.admin);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: await authed(t.app, token),
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(ERROR_CODE.authorizationRequired);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: await authed(t.app, token),
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error).toBe(ERROR_CODE.authorizationRequired);
  });

  it('a session idle longer than SESSION_IDLE_MINUTES cannot be refreshed', async () => {
    const { token } = await t.signIn(ROLE.owner);
    t.clock.advance(t.config.sessionIdleMinutes * 60_000 + 1000);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh-token',
      headers: await authed(t.app, token),
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().error).toBe(ERROR_CODE.authorizationRequired);
  });

  it('a session past SESSION_ABSOLUTE_DAYS ends even when kept active', async () => {
    const { token: first } = await t.signIn(ROLE.owner);
    let token = first;
    const step = 25 * 60_000;
    const steps = Math.ceil((t.config.sessionAbsoluteDays * 24 * 60 * 60_000) / step);
    let status = 200;
    for (let i = 0; i <= steps && status === 200; i += 1) {
      t.clock.advance(step);
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/refresh-token',
        headers: await authed(t.app, token),
      });
      status = res.statusCode;
      if (status === 200) token = res.json().token;
    }
    expect(status).toBe(401);
  }, 120_000 * TIMING_SLACK);

  it('login again works after logout (a new session)', async () => {
    const { user, password } = await t.createUser({ role: ROLE.electrician });
    const token = await login(t.app, user.email, password);
    await t.app.inject({ method: 'POST', url: '/auth/logout', headers: await authed(t.app, token) });
    const again = await login(t.app, user.email, password);
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${again}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
