import { ADMIN_PATHS, ELECTRICIAN_PATHS, OWNER_PATHS, RECOVERY_CODE_COUNT, ROLE } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications } from '../../db/schema/index.ts';
import { authed, createTestApp, csrf, until, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ip = 0;
const codeAt = (secret: string, stepsAhead = 0) =>
  generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) + 30 * stepsAhead });

async function post(url: string, token: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: await authed(t.app, token), payload });
}

async function signInWith(email: string, password: string, factor: object) {
  const { headers } = await csrf(t.app);
  ip += 1;
  return t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers,
    payload: { email, password, ...factor },
    remoteAddress: `10.61.0.${ip}`,
  });
}

/** Turns two-factor sign-in on for `token`: its secret and recovery codes. */
async function enrol(token: string) {
  const setup = await post('/api/account/two-factor/setup', token, {});
  const { secret } = setup.json<{ secret: string }>();
  const on = await post('/api/account/two-factor/enable', token, { code: codeAt(secret) });
  expect(on.statusCode, on.body).toBe(200);
  t.clock.advance(30_000);
  return { secret, codes: on.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** The person's security notices (title, link) and the e-mails they were sent, oldest first. */
async function told(userId: string, email: string) {
  const rows = await t.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'security')))
    .orderBy(notifications.createdAt);
  const mails = await t.db
    .select({ subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'notification')));
  return { notices: rows, mails: mails.map((m) => m.subject) };
}

/** Security notices (ADR 085): the bell and, by default, an e-mail for each change to how a person signs in. */
describe('security notices', () => {
  it('a sign-in with a recovery code says how many are left and links to the settings', async () => {
    const { user, password, token } = await t.signIn(ROLE.electrician);
    const { secret, codes } = await enrol(token);
    expect((await signInWith(user.email, password, { otp: codeAt(secret) })).statusCode).toBe(200);
    expect((await told(user.id, user.email)).notices).toEqual([]);

    expect((await signInWith(user.email, password, { recovery_code: codes[0] })).statusCode).toBe(200);
    expect(await until(async () => (await told(user.id, user.email)).notices.length === 1)).toBe(true);
    const { notices, mails } = await told(user.id, user.email);
    expect(notices[0]).toMatchObject({
      title: 'You signed in with a recovery code',
      link: ELECTRICIAN_PATHS.settings,
    });
    expect(notices[0]!.body).toContain(`Recovery codes left: ${RECOVERY_CODE_COUNT - 1}.`);
    expect(mails).toEqual(['You signed in with a recovery code']);
  });

  it('a password change, new recovery codes and turning two-factor sign-in off each tell the person', async () => {
    const { user, password, token } = await t.signIn(ROLE.owner);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: await authed(t.app, token),
      payload: { current_password: password, new_password: 'a-brand-new-secret' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { secret } = await enrol(token);
    const renewed = await post('/api/account/two-factor/recovery-codes', token, {
      password: 'a-brand-new-secret',
      code: codeAt(secret),
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const off = await post('/api/account/two-factor/disable', token, {
      password: 'a-brand-new-secret',
      code: codeAt(secret, 1),
    });
    expect(off.statusCode, off.body).toBe(200);

    const { notices, mails } = await told(user.id, user.email);
    expect(notices.map((n) => [n.title, n.link])).toEqual([
      ['Your password was changed', OWNER_PATHS.settings],
      ['New recovery codes were made', OWNER_PATHS.settings],
      ['Two-factor sign-in was turned off', OWNER_PATHS.settings],
    ]);
    expect(mails).toHaveLength(3);
  });

  it("an admin's reset tells the person whose sign-in it was, not the admin", async () => {
    const target = await t.signIn(ROLE.admin);
    await enrol(target.token);
    const admin = await t.signIn(ROLE.admin);
    const reset = await post(`/api/admin/users/${target.user.id}/two-factor/reset`, admin.token, {});
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await told(target.user.id, target.user.email)).notices).toEqual([
      expect.objectContaining({
        title: 'An administrator reset your two-factor sign-in',
        link: ADMIN_PATHS.settings,
      }),
    ]);
    expect((await told(admin.user.id, admin.user.email)).notices).toEqual([]);
  });

  it('a refused change tells nobody', async () => {
    const { user, token } = await t.signIn(ROLE.owner);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: await authed(t.app, token),
      payload: { current_password: 'not-my-password', new_password: 'another-secret' },
    });
    expect(refused.statusCode).toBe(400);
    expect(await told(user.id, user.email)).toEqual({ notices: [], mails: [] });
  });
});
