import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authThrottle } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  digest,
  LOGIN_LIMITS,
  LoginThrottle,
  PRUNE_INTERVAL_MS,
  retryAfterSeconds,
  sourceOf,
  THROTTLE_SCOPE,
  ThrottleStore,
} from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('sourceOf', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped IPv6 and reduces IPv6 to its /64 network', () => {
    expect(sourceOf('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:0DB8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(sourceOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(sourceOf('::1')).toBe('0:0:0:0::/64');
    expect(sourceOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
    expect(sourceOf('not-an-address')).toBe('not-an-address');
  });
});

describe('ThrottleStore', () => {
  it('stores digests, not e-mails or addresses', async () => {
    const throttle = new LoginThrottle(t.db, t.clock.now);
    const email = 'digest-check@test.isaac';
    expect(await throttle.admit(email, '198.51.100.20')).toBe(0);
    const rows = await t.db.select().from(authThrottle);
    const mine = rows.filter((row) =>
      [digest(email), digest(email, '198.51.100.20'), digest('198.51.100.20')].includes(row.key),
    );
    expect(mine.map((row) => row.scope).sort()).toEqual(
      [THROTTLE_SCOPE.account, THROTTLE_SCOPE.pair, THROTTLE_SCOPE.source].sort(),
    );
    expect(JSON.stringify(rows)).not.toMatch(/digest-check|198\.51\.100\.20/);
  });

  it('keeps the per-account delay at its cap however many failures pile up', async () => {
    const store = new ThrottleStore(t.db, t.clock.now);
    const key = {
      scope: THROTTLE_SCOPE.account,
      key: digest('many-failures'),
      policy: LOGIN_LIMITS.perAccount,
    };
    await store.claim([key]);
    await t.db.update(authThrottle).set({ failures: 5000 }).where(eq(authThrottle.key, key.key));
    expect(await store.claim([key])).toEqual(new Set([key.scope]));
    const [row] = await t.db.select().from(authThrottle).where(eq(authThrottle.key, key.key));
    expect(row?.failures).toBe(5001);
    expect(retryAfterSeconds(row, t.clock.now())).toBe(LOGIN_LIMITS.perAccount.maxDelayMs / 1000);
  });

  it('prunes rows once they expire (a trusted pair lives as long as its trust)', async () => {
    const throttle = new LoginThrottle(t.db, t.clock.now);
    const store = new ThrottleStore(t.db, t.clock.now);
    const email = 'prune-check@test.isaac';
    const ip = '198.51.100.30';
    await throttle.admit(email, ip);
    await throttle.succeeded(email, ip);
    await throttle.admit('prune-other@test.isaac', '198.51.100.31');
    const keys = [digest(email, ip), digest(email), digest('prune-other@test.isaac')];
    const present = async () =>
      (await t.db.select().from(authThrottle))
        .filter((row) => keys.includes(row.key))
        .map((row) => row.scope)
        .sort();
    expect(await present()).toEqual([THROTTLE_SCOPE.account, THROTTLE_SCOPE.account, THROTTLE_SCOPE.pair]);

    t.clock.advance(LOGIN_LIMITS.perAccount.windowMs + 1000);
    await store.prune(true);
    expect(await present()).toEqual([THROTTLE_SCOPE.pair]);

    t.clock.advance(LOGIN_LIMITS.trustedSourceMs);
    await store.prune(true);
    expect(await present()).toEqual([]);
  });

  it('prunes by itself at most every PRUNE_INTERVAL_MS', async () => {
    const store = new ThrottleStore(t.db, t.clock.now);
    const key = { scope: THROTTLE_SCOPE.password, key: digest('prune-interval'), policy: LOGIN_LIMITS.perIp };
    const stored = async () => (await t.db.select().from(authThrottle)).some((row) => row.key === key.key);
    await store.read([key]); // the first read prunes
    await store.claim([key]); // expires after the window
    t.clock.advance(PRUNE_INTERVAL_MS + 1000);
    await store.read([key]); // prunes; the row has not expired yet
    expect(await stored()).toBe(true);
    t.clock.advance(LOGIN_LIMITS.perIp.windowMs - PRUNE_INTERVAL_MS);
    await store.read([key]); // expired, but the last prune is too recent
    expect(await stored()).toBe(true);
    t.clock.advance(PRUNE_INTERVAL_MS);
    await store.read([key]);
    expect(await stored()).toBe(false);
  });
});
