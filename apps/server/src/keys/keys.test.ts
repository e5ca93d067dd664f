import { ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { alexaGrants, devices, userTwoFactor } from '../db/schema/index.ts';
import { SEAL_PURPOSE, SecretBox } from '../modules/two-factor/secret-box.ts';
import { authed, createTestApp, csrf, type TestApp } from '../test/helpers.ts';
import { DataKeyring, parseDataKeys } from './keyring.ts';
import { resealAll } from './reseal.ts';

/**
 * Issue 29 (ADR 052): secrets at rest are sealed with DATA_ENCRYPTION_KEYS, not JWT_SECRET; every value names
 * its key; a new key is added in front, older values still open, `npm run reseal` moves them, and then
 * JWT_SECRET (and a retired data key) can change without breaking a second factor.
 */

const keyText = (id: string, bytes: Buffer) => `${id}:${bytes.toString('base64')}`;
const K1 = randomBytes(32);
const K2 = randomBytes(32);

/** What the server sealed before the keyring (ADR 028's format): `v1.` with a key derived from JWT_SECRET. */
function legacySeal(jwtSecret: string, purpose: string, plaintext: string, associatedData: string): string {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, 'isaac-secret-box', purpose, 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
}

describe('DATA_ENCRYPTION_KEYS', () => {
  it('parses `id:base64key` entries, newest first, and names what is wrong', () => {
    const parsed = parseDataKeys(` ${keyText('k2', K2)} , ${keyText('k1', K1).replace(/\+/g, '-')}`);
    expect('keys' in parsed && parsed.keys.map((k) => k.id)).toEqual(['k2', 'k1']);
    const problems = (value: string) => {
      const result = parseDataKeys(value);
      return 'problems' in result ? result.problems.join('\n') : '';
    };
    expect(problems('')).toMatch(/no key/);
    expect(problems(`bad id:${K1.toString('base64')}`)).toMatch(/key id/);
    expect(problems(`k1:${randomBytes(16).toString('base64')}`)).toMatch(/32 bytes/);
    expect(problems(`${keyText('k1', K1)},${keyText('k1', K2)}`)).toMatch(/twice/);
    // The problems never echo a key.
    expect(problems(`k1:${randomBytes(16).toString('base64')}`)).not.toContain(K1.toString('base64'));
  });

  it('is required in production, and a malformed one stops the server', () => {
    const production = {
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      JWT_SECRET: 'x'.repeat(40),
      RAZORPAY_KEY_SECRET: 'k',
      RAZORPAY_WEBHOOK_SECRET: 'w',
      SELLER_LEGAL_NAME: 'Isaac Technologies Private Limited',
      SELLER_ADDRESS: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
      SELLER_STATE: 'Karnataka',
      SELLER_GSTIN: '29AAECI1234F1ZU',
    };
    expect(() => loadConfig(production)).toThrow(/DATA_ENCRYPTION_KEYS/);
    expect(() => loadConfig({ ...production, DATA_ENCRYPTION_KEYS: 'k1:short' })).toThrow(ConfigError);
    const config = loadConfig({ ...production, DATA_ENCRYPTION_KEYS: keyText('k1', K1) });
    expect(config.dataKeys.map((k) => k.id)).toEqual(['k1']);
    // Outside production a fixed development key is used.
    expect(loadConfig({}).dataKeys.map((k) => k.id)).toEqual(['dev']);
  });

  it('every value names its key; a new key seals, the old one still opens, the legacy format too', () => {
    const before = new SecretBox(new DataKeyring([{ id: 'k1', key: K1 }], 'jwt-a'), SEAL_PURPOSE.totpSecret);
    const sealed = before.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).toMatch(/^v2\.k1\./);
    expect(SecretBox.keyIdOf(sealed)).toBe('k1');
    const ring = new DataKeyring(
      [
        { id: 'k2', key: K2 },
        { id: 'k1', key: K1 },
      ],
      'jwt-a',
    );
    const after = new SecretBox(ring, SEAL_PURPOSE.totpSecret);
    expect(after.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(after.open(sealed, 'user-2')).toBeNull();
    expect(after.seal('x', 'user-1')).toMatch(/^v2\.k2\./);
    expect(after.isCurrent(sealed)).toBe(false);
    // Another purpose's key does not open it.
    expect(new SecretBox(ring, SEAL_PURPOSE.wifiPassword).open(sealed, 'user-1')).toBeNull();
    // Values sealed before the keyring (JWT_SECRET-derived) still open while that secret is the same.
    const legacy = legacySeal('jwt-a', SEAL_PURPOSE.totpSecret, 'OLDSECRET', 'user-1');
    expect(after.open(legacy, 'user-1')).toBe('OLDSECRET');
    expect(
      new SecretBox(new DataKeyring([{ id: 'k2', key: K2 }], 'jwt-b'), 'totp-secret').open(legacy, 'user-1'),
    ).toBeNull();
    // Once k1 is retired, its values no longer open: they must be resealed first.
    expect(
      new SecretBox(new DataKeyring([{ id: 'k2', key: K2 }], null), 'totp-secret').open(sealed, 'user-1'),
    ).toBeNull();
  });
});

describe('rotation with `npm run reseal` (the database)', () => {
  let t: TestApp;
  const apps: Array<{ close(): Promise<unknown> }> = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { JWT_SECRET: 'the-first-jwt-secret-0123456789-abcdef', DATA_ENCRYPTION_KEYS: keyText('k1', K1) },
    });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await t.close();
  });

  /** The API as it runs after a settings change, on the same database and clock. */
  async function restartedWith(env: Record<string, string>) {
    const config = loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT_PER_MINUTE: '100000',
      DEVICE_TRANSPORT: 'direct',
      MQTT_PORT: '0',
      ...env,
    });
    const app = await buildApp({ config, db: t.db, now: t.clock.now });
    apps.push(app);
    return app;
  }

  async function signInWithCode(
    app: Awaited<ReturnType<typeof restartedWith>>,
    email: string,
    password: string,
    secret: string,
  ) {
    t.clock.advance(30_000); // a code is accepted once: each sign-in uses the next step's
    const otp = generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    const { headers } = await csrf(app);
    return app.inject({ method: 'POST', url: '/auth/login', headers, payload: { email, password, otp } });
  }

  it('old values open after a new key is added; reseal moves them; then JWT_SECRET and the old key can go', async () => {
    // A second factor sealed under k1 (through the API), and one sealed before the keyring (v1, JWT-derived).
    const owner = await t.signIn(ROLE.owner);
    const headers = await authed(t.app, owner.token);
    const setup = await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers,
      payload: { code: generateSync({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) }) },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const [row] = await t.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, owner.user.id));
    expect(row?.secretCiphertext).toMatch(/^v2\.k1\./);

    const old = await t.signIn(ROLE.owner);
    const oldHeaders = await authed(t.app, old.token);
    const oldSetup = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/setup',
      headers: oldHeaders,
    });
    const oldSecret = oldSetup.json<{ secret: string }>().secret;
    const oldEnable = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers: oldHeaders,
      payload: {
        code: generateSync({ secret: oldSecret, epoch: Math.floor(t.clock.now().getTime() / 1000) }),
      },
    });
    expect(oldEnable.statusCode, oldEnable.body).toBe(200);
    await t.db
      .update(userTwoFactor)
      .set({ secretCiphertext: legacySeal(t.config.jwtSecret, 'totp-secret', oldSecret, old.user.id) })
      .where(eq(userTwoFactor.userId, old.user.id));

    // A WiFi password and an Alexa grant sealed under k1.
    const k1Ring = new DataKeyring([{ id: 'k1', key: K1 }], t.config.jwtSecret);
    const [device] = await t.db
      .insert(devices)
      .values({
        name: 'Purifier',
        model: 'ISAAC',
        type: 'isaac',
        serialNumber: `SN-KEYS-${randomBytes(3).toString('hex')}`,
        userId: owner.user.id,
      })
      .returning({ id: devices.id });
    const wifiSealed = new SecretBox(k1Ring, SEAL_PURPOSE.wifiPassword).seal('wifi-pass', device!.id);
    await t.db
      .update(devices)
      .set({
        wifiConfig: { ssid: 'Home', password_sealed: wifiSealed, configured_at: new Date().toISOString() },
      })
      .where(eq(devices.id, device!.id));
    const alexaBox = new SecretBox(k1Ring, SEAL_PURPOSE.alexaGrant);
    await t.db.insert(alexaGrants).values({
      userId: owner.user.id,
      accessTokenSealed: alexaBox.seal('lwa-access', owner.user.id),
      refreshTokenSealed: legacySeal(t.config.jwtSecret, 'alexa-grant', 'lwa-refresh', owner.user.id),
      expiresAt: new Date(Date.now() + 3600_000),
    });

    // A new key in front: both second factors still sign in (k1 and JWT-derived values open).
    const both = {
      JWT_SECRET: t.config.jwtSecret,
      DATA_ENCRYPTION_KEYS: `${keyText('k2', K2)},${keyText('k1', K1)}`,
    };
    const added = await restartedWith(both);
    expect((await signInWithCode(added, owner.user.email, owner.password, secret)).statusCode).toBe(200);
    expect((await signInWithCode(added, old.user.email, old.password, oldSecret)).statusCode).toBe(200);

    // Rotating JWT_SECRET and retiring k1 before the reseal would lock both out.
    const rotated = {
      JWT_SECRET: 'a-brand-new-jwt-secret-0123456789-abcdef',
      DATA_ENCRYPTION_KEYS: keyText('k2', K2),
    };
    const tooEarly = await restartedWith(rotated);
    expect((await signInWithCode(tooEarly, owner.user.email, owner.password, secret)).statusCode).toBe(401);
    expect((await signInWithCode(tooEarly, old.user.email, old.password, oldSecret)).statusCode).toBe(401);

    // The reseal moves every value to k2 (and a second run finds nothing to do).
    const ring = new DataKeyring(loadConfig(both).dataKeys, t.config.jwtSecret);
    const report = await resealAll(t.db, ring);
    expect(report.unreadable).toEqual([]);
    expect(report.resealed.totp_secret).toBeGreaterThanOrEqual(2);
    expect(report.resealed.wifi_password).toBeGreaterThanOrEqual(1);
    expect(report.resealed.alexa_access_token).toBe(1);
    expect(report.resealed.alexa_refresh_token).toBe(1);
    const again = await resealAll(t.db, ring);
    expect(Object.values(again.resealed).every((n) => n === 0)).toBe(true);
    for (const r of await t.db.select().from(userTwoFactor)) expect(r.secretCiphertext).toMatch(/^v2\.k2\./);

    // Now JWT_SECRET changes and k1 is retired: second factors, the WiFi password and the grant still open.
    const after = await restartedWith(rotated);
    expect((await signInWithCode(after, owner.user.email, owner.password, secret)).statusCode).toBe(200);
    expect((await signInWithCode(after, old.user.email, old.password, oldSecret)).statusCode).toBe(200);
    const k2Ring = new DataKeyring([{ id: 'k2', key: K2 }], null);
    const [wifiRow] = await t.db.select().from(devices).where(eq(devices.id, device!.id));
    expect(
      new SecretBox(k2Ring, SEAL_PURPOSE.wifiPassword).open(
        wifiRow!.wifiConfig!.password_sealed!,
        device!.id,
      ),
    ).toBe('wifi-pass');
    const [grant] = await t.db.select().from(alexaGrants).where(eq(alexaGrants.userId, owner.user.id));
    const k2Alexa = new SecretBox(k2Ring, SEAL_PURPOSE.alexaGrant);
    expect(k2Alexa.open(grant!.accessTokenSealed, owner.user.id)).toBe('lwa-access');
    expect(k2Alexa.open(grant!.refreshTokenSealed, owner.user.id)).toBe('lwa-refresh');
  });
});
