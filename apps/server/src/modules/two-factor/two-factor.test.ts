import { API_MSG, ERROR_CODE, RECOVERY_CODE_COUNT, ROLE } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, userTwoFactor } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';
import { LOGIN_LIMITS } from '../auth/throttle.ts';
import { DataKeyring } from '../../keys/keyring.ts';
import { SecretBox } from './secret-box.ts';
import { TWO_FACTOR_MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A distinct client address per sign-in series, so one test's throttle never leaks into another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

/** The authenticator app: the code of `secret` at the app's clock (otplib, as any app would). */
const codeNow = (secret: string, app: TestApp = t) =>
  generateSync({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) });

/** The next 30-second step (a code is accepted once, so the next sign-in needs a newer one). */
const nextStep = (app: TestApp = t) => app.clock.advance(30_000);

async function call(method: 'GET' | 'POST', url: string, token: string, payload?: object, app: TestApp = t) {
  return app.app.inject({ method, url, headers: await authed(app.app, token), payload });
}

async function postLogin(body: object, remoteAddress = freshIp(), app: TestApp = t) {
  const { headers } = await csrf(app.app);
  return app.app.inject({ method: 'POST', url: '/auth/login', headers, payload: body, remoteAddress });
}

/** Sets up and turns on two-factor sign-in for the signed-in `token`: the secret and the recovery codes. */
async function enrol(token: string, app: TestApp = t): Promise<{ secret: string; codes: string[] }> {
  const setup = await call('POST', '/api/account/two-factor/setup', token, undefined, app);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await call(
    'POST',
    '/api/account/two-factor/enable',
    token,
    { code: codeNow(secret, app) },
    app,
  );
  expect(enabled.statusCode, enabled.body).toBe(200);
  nextStep(app);
  return { secret, codes: enabled.json<{ recovery_codes: string[] }>().recovery_codes };
}

async function auditActions(userId: string) {
  const rows = await t.db
    .select({ action: auditLog.action, actorId: auditLog.actorId, changes: auditLog.changes })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)));
  return rows;
}

describe('enrolment (/api/account/two-factor)', () => {
  it('sets up with a QR code, confirms with a code, and returns 10 recovery codes once', async () => {
    const { user, token } = await t.signIn(ROLE.electrician);
    const before = await call('GET', '/api/account/two-factor', token);
    expect(before.json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const setup = await call('POST', '/api/account/two-factor/setup', token);
    expect(setup.statusCode).toBe(200);
    const body = setup.json<{ secret: string; otpauth_url: string; qr_svg_data_url: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(body.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(body.secret);
    expect(url.searchParams.get('issuer')).toBe('Isaac');
    expect(decodeURIComponent(url.pathname)).toContain(user.email);
    expect(body.qr_svg_data_url).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.qr_svg_data_url.split(',')[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Stored sealed, never in the clear, and bound to its user.
    const [row] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
    expect(row?.secretCiphertext).toMatch(/^v2\.dev\./);
    expect(row?.secretCiphertext).not.toContain(body.secret);
    const box = new SecretBox(new DataKeyring(t.config.dataKeys, t.config.jwtSecret), 'totp-secret');
    expect(box.open(row?.secretCiphertext ?? '', user.id)).toBe(body.secret);
    expect(box.open(row?.secretCiphertext ?? '', 'someone-else')).toBeNull();

    // Not on until confirmed: signing in still needs no code.
    expect((await call('GET', '/api/account/two-factor', token)).json().enabled).toBe(false);

    const wrong = await call('POST', '/api/account/two-factor/enable', token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(ERROR_CODE.invalidTwoFactorCode);
    const malformed = await call('POST', '/api/account/two-factor/enable', token, { code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(ERROR_CODE.validation);

    const enabled = await call('POST', '/api/account/two-factor/enable', token, {
      code: codeNow(body.secret),
    });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json<{ recovery_codes: string[]; message: string }>();
    expect(codes.message).toBe(TWO_FACTOR_MESSAGES.enabled);
    expect(codes.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes.recovery_codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = (await call('GET', '/api/account/two-factor', token)).json();
    expect(after).toMatchObject({ enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT, required: false });
    expect(Date.parse(after.enabled_at)).not.toBeNaN();
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user.two_factor_enabled).toBe(true);
    // The secret is never shown again, and a second setup is refused.
    expect(JSON.stringify(after)).not.toContain(body.secret);
    const again = await call('POST', '/api/account/two-factor/setup', token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);

    const audit = await auditActions(user.id);
    expect(audit).toContainEqual({
      action: 'user.two_factor_enabled',
      actorId: user.id,
      changes: { two_factor_enabled: { before: false, after: true } },
    });
  });

  it('enable without a setup first is 409; a new setup replaces an unfinished one', async () => {
    const { token } = await t.signIn(ROLE.owner);
    const early = await call('POST', '/api/account/two-factor/enable', token, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(TWO_FACTOR_MESSAGES.noPendingSetup);

    const first = (await call('POST', '/api/account/two-factor/setup', token)).json<{ secret: string }>();
    const second = (await call('POST', '/api/account/two-factor/setup', token)).json<{ secret: string }>();
    expect(second.secret).not.toBe(first.secret);
    const stale = await call('POST', '/api/account/two-factor/enable', token, {
      code: codeNow(first.secret),
    });
    expect(stale.statusCode).toBe(400);
    const fresh = await call('POST', '/api/account/two-factor/enable', token, {
      code: codeNow(second.secret),
    });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code, accepts a generated one, refuses a wrong one and a replayed one', async () => {
    const { user, password, token } = await t.signIn(ROLE.admin);
    const { secret } = await enrol(token);
    const ip = freshIp();

    const first = await postLogin({ email: user.email, password }, ip);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toEqual({ error: ERROR_CODE.twoFactorRequired, message: API_MSG.twoFactorRequired });

    const wrong = await postLogin({ email: user.email, password, otp: '000000' }, ip);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: ERROR_CODE.invalidTwoFactorCode,
      message: API_MSG.invalidTwoFactorCode,
    });

    const code = codeNow(secret);
    const ok = await postLogin({ email: user.email, password, otp: code }, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ _id: user.id, two_factor_enabled: true });

    // The same code again (a replay, even within its 30 s) is refused.
    const replay = await postLogin({ email: user.email, password, otp: code }, ip);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe(ERROR_CODE.invalidTwoFactorCode);

    // A wrong password with a right code is still a wrong password (no hint about the code).
    nextStep();
    const badPassword = await postLogin(
      { email: user.email, password: 'not-the-password', otp: codeNow(secret) },
      ip,
    );
    expect(badPassword.json().error).toBe(ERROR_CODE.invalidCredentials);

    // Clock drift: the previous step's code is accepted; two steps back is too old. (The clock is moved
    // to the middle of a step first, so no step boundary passes between making a code and checking it.)
    t.clock.advance(60_000 + 15_000 - (t.clock.now().getTime() % 30_000));
    const epoch = Math.floor(t.clock.now().getTime() / 1000);
    const twoBack = generateSync({ secret, epoch: epoch - 60 });
    const oneBack = generateSync({ secret, epoch: epoch - 30 });
    expect((await postLogin({ email: user.email, password, otp: twoBack }, freshIp())).statusCode).toBe(401);
    expect((await postLogin({ email: user.email, password, otp: oneBack }, freshIp())).statusCode).toBe(200);
  });

  it('a recovery code signs in once', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const { codes } = await enrol(token);
    const [code = ''] = codes;
    const ok = await postLogin({
      email: user.email,
      password,
      recovery_code: code.toUpperCase().replace('-', ' - '),
    });
    expect(ok.statusCode).toBe(200);
    const again = await postLogin({ email: user.email, password, recovery_code: code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      error: ERROR_CODE.invalidTwoFactorCode,
      message: API_MSG.invalidRecoveryCode,
    });
    const status = (await call('GET', '/api/account/two-factor', token)).json();
    expect(status.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);
    // Another user's code does not open this account.
    const other = await t.signIn(ROLE.owner);
    const otherCodes = (await enrol(other.token)).codes;
    const foreign = await postLogin({ email: user.email, password, recovery_code: otherCodes[0] ?? '' });
    expect(foreign.statusCode).toBe(401);
  });

  it('records which second factor a sign-in used: the authenticator code or a recovery code (issue 29)', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const { secret, codes } = await enrol(token);
    const signIns = async () =>
      (
        await t.db
          .select({ changes: auditLog.changes })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, user.id)))
          .orderBy(auditLog.at)
      ).map((r) => r.changes);
    const before = (await signIns()).length;
    expect((await postLogin({ email: user.email, password, otp: codeNow(secret) })).statusCode).toBe(200);
    nextStep();
    expect((await postLogin({ email: user.email, password, recovery_code: codes[0] ?? '' })).statusCode).toBe(
      200,
    );
    expect((await signIns()).slice(before)).toEqual([
      { second_factor: { before: null, after: 'otp' } },
      { second_factor: { before: null, after: 'recovery_code' } },
    ]);
    // A sign-in without two-factor sign-in on records no second factor.
    const plain = await t.signIn(ROLE.owner);
    const [row] = await t.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorId, plain.user.id)));
    expect(row?.changes ?? {}).toEqual({});
  });

  it('wrong codes count as failed attempts in the sign-in throttle; asking for the code does not', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const { secret } = await enrol(token);
    const ip = freshIp();
    // The code step alone, many times: never throttled (the password was right).
    for (let i = 0; i < LOGIN_LIMITS.perAccountAndIp.max + 2; i += 1) {
      expect((await postLogin({ email: user.email, password }, ip)).statusCode).toBe(401);
    }
    const max = LOGIN_LIMITS.perAccountAndIp.max;
    const statuses: number[] = [];
    for (let i = 0; i < max + 1; i += 1) {
      statuses.push((await postLogin({ email: user.email, password, otp: '999999' }, ip)).statusCode);
    }
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429]);
    // Blocked now, even with the right code.
    const blocked = await postLogin({ email: user.email, password, otp: codeNow(secret) }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const failures = (await auditActions(user.id)).filter((r) => r.action === 'auth.sign_in_failed');
    expect(failures).toHaveLength(max);
    expect(failures[0]?.changes).toEqual({ second_factor: { before: null, after: 'otp' } });
  });
});

describe('POST /api/account/two-factor/disable', () => {
  it('needs the password and a current code; then sign-in needs no code', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const { secret } = await enrol(token);

    const badPassword = await call('POST', '/api/account/two-factor/disable', token, {
      password: 'wrong-password',
      code: codeNow(secret),
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().details).toEqual([
      { path: 'password', message: TWO_FACTOR_MESSAGES.wrongPassword },
    ]);
    const badCode = await call('POST', '/api/account/two-factor/disable', token, {
      password,
      code: '000000',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toBe(ERROR_CODE.invalidTwoFactorCode);
    expect((await call('GET', '/api/account/two-factor', token)).json().enabled).toBe(true);

    const off = await call('POST', '/api/account/two-factor/disable', token, {
      password,
      code: codeNow(secret),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: TWO_FACTOR_MESSAGES.disabled });
    expect((await call('GET', '/api/account/two-factor', token)).json()).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    expect((await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id))).length).toBe(0);
    expect((await postLogin({ email: user.email, password })).statusCode).toBe(200);
    expect((await auditActions(user.id)).map((r) => r.action)).toContain('user.two_factor_disabled');

    const twice = await call('POST', '/api/account/two-factor/disable', token, { password, code: '123456' });
    expect(twice.statusCode).toBe(409);
  });

  it('accepts a recovery code instead of an authenticator code', async () => {
    const { password, token } = await t.signIn(ROLE.electrician);
    const { codes } = await enrol(token);
    const off = await call('POST', '/api/account/two-factor/disable', token, {
      password,
      code: codes[3] ?? '',
    });
    expect(off.statusCode).toBe(200);
  });
});

describe('POST /api/account/two-factor/recovery-codes', () => {
  const renew = (token: string, body: object) =>
    call('POST', '/api/account/two-factor/recovery-codes', token, body);

  it('gives a new set for the password and a current code; only the new codes sign in (audited)', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const { secret, codes: old } = await enrol(token);
    expect((await postLogin({ email: user.email, password, recovery_code: old[0] })).statusCode).toBe(200);

    const badPassword = await renew(token, { password: 'wrong-password', code: codeNow(secret) });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().details).toEqual([
      { path: 'password', message: TWO_FACTOR_MESSAGES.wrongPassword },
    ]);
    const badCode = await renew(token, { password, code: '000000' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().error).toBe(ERROR_CODE.invalidTwoFactorCode);
    const spentCode = await renew(token, { password, code: old[0] });
    expect(spentCode.statusCode).toBe(400);
    expect(spentCode.json().message).toBe(API_MSG.invalidRecoveryCode);

    const renewed = await renew(token, { password, code: codeNow(secret) });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { message, recovery_codes: codes } = renewed.json<{ message: string; recovery_codes: string[] }>();
    expect(message).toBe(TWO_FACTOR_MESSAGES.recoveryCodesRenewed);
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(codes.filter((c) => old.includes(c))).toEqual([]);
    expect((await call('GET', '/api/account/two-factor', token)).json()).toMatchObject({
      enabled: true,
      recovery_codes_left: RECOVERY_CODE_COUNT,
    });

    const withOld = await postLogin({ email: user.email, password, recovery_code: old[1] });
    expect(withOld.statusCode).toBe(401);
    expect(withOld.json().error).toBe(ERROR_CODE.invalidTwoFactorCode);
    expect((await postLogin({ email: user.email, password, recovery_code: codes[0] })).statusCode).toBe(200);
    // The authenticator is unchanged: its next code still signs in.
    nextStep();
    expect((await postLogin({ email: user.email, password, otp: codeNow(secret) })).statusCode).toBe(200);

    const audited = (await auditActions(user.id)).filter(
      (r) => r.action === 'user.two_factor_recovery_codes_renewed',
    );
    expect(audited).toEqual([
      {
        action: 'user.two_factor_recovery_codes_renewed',
        actorId: user.id,
        changes: { recovery_codes_left: { before: RECOVERY_CODE_COUNT - 1, after: RECOVERY_CODE_COUNT } },
      },
    ]);
  });

  it('accepts a recovery code (spent, then replaced) and refuses when it is off', async () => {
    const { password, token } = await t.signIn(ROLE.electrician);
    const off = await renew(token, { password, code: '123456' });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(TWO_FACTOR_MESSAGES.notEnabled);

    const { codes } = await enrol(token);
    const renewed = await renew(token, { password, code: codes[2] ?? '' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json<{ recovery_codes: string[] }>().recovery_codes).not.toContain(codes[2]);
    // Without the CSRF header (a plain bearer call) it is refused.
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      headers: { authorization: `Bearer ${token}` },
      payload: { password, code: codes[3] },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('wrong attempts count against the wrong-password budget', async () => {
    const { password, token } = await t.signIn(ROLE.owner);
    const { secret } = await enrol(token);
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await renew(token, { password, code: '000000' })).statusCode;
    expect(last).toBe(429);
    const right = await renew(token, { password, code: codeNow(secret) });
    expect(right.statusCode).toBe(429);
  });
});

describe('POST /api/admin/users/:id/two-factor/reset', () => {
  it("turns another user's second factor off and ends their sessions (audited)", async () => {
    const target = await t.signIn(ROLE.owner);
    await enrol(target.token);
    const admin = await t.signIn(ROLE.admin);

    const res = await call('POST', `/api/admin/users/${target.user.id}/two-factor/reset`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: TWO_FACTOR_MESSAGES.reset });

    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${target.token}` },
    });
    expect(me.statusCode).toBe(401);
    // Signs in with the password alone now.
    const again = await postLogin({ email: target.user.email, password: target.password });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.two_factor_enabled).toBe(false);

    const audit = await auditActions(target.user.id);
    expect(audit).toContainEqual({
      action: 'user.two_factor_reset',
      actorId: admin.user.id,
      changes: {
        two_factor_enabled: { before: true, after: false },
        sessions_ended: { before: null, after: 1 },
      },
    });

    const notEnrolled = await call(
      'POST',
      `/api/admin/users/${target.user.id}/two-factor/reset`,
      admin.token,
    );
    expect(notEnrolled.statusCode).toBe(409);
    const unknown = await call('POST', '/api/admin/users/no-such-user/two-factor/reset', admin.token);
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const target = await t.signIn(ROLE.owner);
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const { token } = await t.signIn(role);
      const res = await call('POST', `/api/admin/users/${target.user.id}/two-factor/reset`, token);
      expect(res.statusCode, `role ${role}`).toBe(403);
      expect(res.json().error).toBe(ERROR_CODE.forbidden);
    }
  });
});

describe('ADMIN_TWO_FACTOR_REQUIRED', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { ADMIN_TWO_FACTOR_REQUIRED: 'true' } });
  });
  afterAll(() => strict.close());

  it('an admin without it signs in, but every admin route is 403 until enrolled; account routes work', async () => {
    const { token } = await strict.signIn(ROLE.admin);
    // /api/admin/devices reads the session in its own statement (ADR 041): the same check, nothing of the list.
    for (const url of [
      '/api/admin/dashboard',
      '/api/admin/activity',
      '/api/admin/orders',
      '/api/admin/devices',
    ]) {
      const res = await strict.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        error: ERROR_CODE.twoFactorEnrolmentRequired,
        message: API_MSG.twoFactorEnrolmentRequired,
      });
    }
    const status = await call('GET', '/api/account/two-factor', token, undefined, strict);
    expect(status.json()).toMatchObject({ enabled: false, required: true });
    const me = await strict.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);

    await enrol(token, strict);
    const dashboard = await strict.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dashboard.statusCode).toBe(200);
    const devices = await strict.app.inject({
      method: 'GET',
      url: '/api/admin/devices',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(devices.statusCode).toBe(200);
  });

  it('other roles are not affected', async () => {
    const { token } = await strict.signIn(ROLE.owner);
    const res = await strict.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/account/two-factor', token, undefined, strict)).json().required).toBe(
      false,
    );
  });
});
