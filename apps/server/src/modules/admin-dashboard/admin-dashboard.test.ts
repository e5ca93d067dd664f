import { ROLE, type AdminDashboard } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, installations, orders } from '../../db/schema/index.ts';
import { RequestOutcomes } from '../../plugins/request-outcomes.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { HEALTH_RULES, scoreBetween } from './service.ts';

let t: TestApp;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = await authed(t.app, (await t.signIn(ROLE.admin)).token);
});
afterAll(() => t.close());

async function dashboard(): Promise<AdminDashboard> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: adminHeaders });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const checkOf = (d: AdminDashboard, name: string) => d.systemHealth.checks.find((c) => c.name === name);

describe('GET /api/admin/dashboard', () => {
  it('counts users, devices and live sessions, and lists the newest users', async () => {
    const before = await dashboard();
    const owner = await t.signIn(ROLE.owner);
    await t.db.insert(devices).values([
      { name: 'A', model: 'M', serialNumber: `AD-${process.pid}-1`, type: 'isaac', userId: owner.user.id },
      { name: 'B', model: 'M', serialNumber: `AD-${process.pid}-2`, type: 'isaac', userId: null },
    ]);
    const after = await dashboard();
    expect(after.statistics.total_users).toBe(before.statistics.total_users + 1);
    expect(after.statistics.total_devices).toBe(before.statistics.total_devices + 2);
    expect(after.statistics.active_sessions).toBe(before.statistics.active_sessions + 1);
    expect(after.users[0]?._id).toBe(owner.user.id);
    expect(JSON.stringify(after.users)).not.toContain('password');

    // A session idle past SESSION_IDLE_MINUTES is no longer active: only the new admin's counts.
    t.clock.advance((t.config.sessionIdleMinutes + 1) * 60_000);
    adminHeaders = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    expect((await dashboard()).statistics.active_sessions).toBe(1);
  });

  it('shows the latest activity (sign-ins are recorded)', async () => {
    const d = await dashboard();
    expect(d.recentActivity.length).toBeGreaterThan(0);
    expect(d.recentActivity.length).toBeLessThanOrEqual(5);
    expect(d.recentActivity[0]?.action).toBe('auth.sign_in');
    // The same entries, presented the same, as the activity page's first ones; the users as the users list's.
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/admin/activity?limit=${d.recentActivity.length}`,
      headers: adminHeaders,
    });
    expect(activity.json().entries).toEqual(d.recentActivity);
    const users = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?page=1',
      headers: adminHeaders,
    });
    expect(users.json().users.slice(0, d.users.length)).toEqual(d.users);
  });

  it('computes system health from real signals, with weights that add up to 100', async () => {
    const healthy = await dashboard();
    expect(healthy.systemHealth.checks.map((c) => c.name).sort()).toEqual(Object.keys(HEALTH_RULES).sort());
    expect(healthy.systemHealth.checks.reduce((sum, c) => sum + c.weight, 0)).toBe(100);
    expect(checkOf(healthy, 'database_latency')?.unit).toBe('ms');

    // Every device offline, three failed payments in the last hour, two installations past their date.
    const electrician = await t.createUser({ role: ROLE.electrician });
    const customer = await t.createUser({ role: ROLE.owner });
    await t.db.insert(orders).values(
      [1, 2, 3].map((i) => ({
        provider: 'sandbox' as const,
        providerOrderId: `hf-${process.pid}-${i}`,
        receipt: `r-${i}`,
        amountPaise: 100,
        status: 'attempted' as const,
        failureReason: 'card declined',
        updatedAt: t.clock.now(),
      })),
    );
    await t.db.insert(installations).values(
      [1, 2].map(() => ({
        electricianId: electrician.user.id,
        customerId: customer.user.id,
        installationDate: '2020-01-01',
      })),
    );
    const sick = await dashboard();
    expect(checkOf(sick, 'devices_online')).toMatchObject({ value: 0, status: 'failing' });
    expect(checkOf(sick, 'failed_payments')).toMatchObject({ value: 3, status: 'warning' });
    expect(checkOf(sick, 'overdue_installations')).toMatchObject({ value: 2 });
    expect(sick.systemHealth.score).toBeLessThan(healthy.systemHealth.score);
    const expected = Math.round(sick.systemHealth.checks.reduce((sum, c) => sum + c.score * c.weight, 0));
    expect(Math.abs(sick.systemHealth.score - expected)).toBeLessThanOrEqual(1);
  });

  it('is for admins only', async () => {
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: await authed(t.app, (await t.signIn(role)).token),
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('health arithmetic', () => {
  it('scores linearly between good and bad, either direction', () => {
    expect(scoreBetween(50, 50, 500)).toBe(1);
    expect(scoreBetween(275, 50, 500)).toBe(0.5);
    expect(scoreBetween(900, 50, 500)).toBe(0);
    expect(scoreBetween(90, 90, 50)).toBe(1);
    expect(scoreBetween(70, 90, 50)).toBe(0.5);
  });

  it('counts requests and server errors over the last hour only', () => {
    let now = Date.UTC(2026, 10, 23, 12, 0, 0);
    const outcomes = new RequestOutcomes(() => new Date(now));
    outcomes.count(200);
    outcomes.count(500);
    now += 30 * 60_000;
    outcomes.count(503);
    expect(outcomes.lastHour()).toEqual({ requests: 3, errors: 2 });
    now += 31 * 60_000; // the first minute is now more than an hour old
    expect(outcomes.lastHour()).toEqual({ requests: 1, errors: 1 });
  });
});
