import { ROLE } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceReadings,
  devices,
  notificationPreferences,
  notifications,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const MINUTE = 60_000;
let serial = 0;

describe('device alerts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { ALERTS_TICK_MS: '3600000' } });
  });
  afterAll(() => t.close());

  async function ownerWithDevice(values: Partial<typeof devices.$inferInsert> = {}) {
    const { user } = await t.createUser({ role: ROLE.owner });
    const [device] = await t.db
      .insert(devices)
      .values({
        name: 'Living Room Purifier',
        model: 'ISAAC Air Purifier',
        serialNumber: `AL-${process.pid}-${++serial}`,
        type: 'isaac',
        userId: user.id,
        ...values,
      })
      .returning();
    return { userId: user.id, device: device! };
  }
  const alertsOf = (userId: string, kind: 'device_offline' | 'filter_low' | 'air_quality') =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  const run = () => t.app.services.deviceAlerts.runOnce();

  it('tells the owner once when a device has been offline longer than their setting', async () => {
    const now = t.clock.now().getTime();
    const { userId, device } = await ownerWithDevice({
      isConnected: false,
      disconnectedAt: new Date(now - 15 * MINUTE),
    });
    const patient = await ownerWithDevice({
      isConnected: false,
      disconnectedAt: new Date(now - 15 * MINUTE),
    });
    await t.db
      .insert(notificationPreferences)
      .values({ userId: patient.userId, channels: {}, offlineAfterMinutes: 30 });
    await run();
    await run();
    const alerts = await alertsOf(userId, 'device_offline');
    expect(alerts).toHaveLength(1);
    // The link opens the device's home, whichever of the owner's homes is current when it is followed.
    expect(device.homeId).toEqual(expect.any(String));
    expect(alerts[0]).toMatchObject({
      title: 'Living Room Purifier is offline',
      link: `/owner/devices?home=${device.homeId}`,
    });
    expect(await alertsOf(patient.userId, 'device_offline')).toHaveLength(0);
  });

  it('warns at 20 % filter life with the days left since the filter was fitted, and again when critical', async () => {
    const now = t.clock.now().getTime();
    // Fitted 20 days ago at 48 %, now at 18 % (the store marks a fitted filter; see devices/store.ts).
    const { userId, device } = await ownerWithDevice({
      filterLife: 18,
      filterFittedLife: 48,
      filterFittedAt: new Date(now - 20 * 24 * 60 * MINUTE),
      lastSeenAt: new Date(now - MINUTE),
      isConnected: true,
    });
    await run();
    await run();
    const warnings = await alertsOf(userId, 'filter_low');
    expect(warnings).toHaveLength(1);
    // 30 points in 20 days: 1.5 a day, 18 left → 12 days.
    expect(warnings[0]!.body).toBe(
      "The filter is at 18%, about 12 days left at today's use. Order a replacement filter.",
    );
    await t.db.update(devices).set({ filterLife: 4 }).where(eq(devices.id, device.id));
    await run();
    const all = await alertsOf(userId, 'filter_low');
    expect(all.map((n) => n.title).sort()).toEqual([
      'Living Room Purifier: filter life low',
      'Replace the filter of Living Room Purifier now',
    ]);
  });

  it('speaks each person’s language: Hindi for someone who chose it (ADR 073)', async () => {
    const now = t.clock.now().getTime();
    const { userId } = await ownerWithDevice({
      isConnected: false,
      disconnectedAt: new Date(now - 15 * MINUTE),
    });
    await t.db.update(users).set({ language: 'hi' }).where(eq(users.id, userId));
    await run();
    const [alert] = await alertsOf(userId, 'device_offline');
    expect(alert).toMatchObject({
      title: 'Living Room Purifier ऑफ़लाइन है',
      body: 'Living Room Purifier से 15 मिनट से संपर्क नहीं हुआ है। उसकी बिजली और Wi-Fi जाँचें।',
    });
  });

  it('alerts when the air at home reaches the alert band, once per band change, at most every half hour', async () => {
    const at = () => t.clock.now();
    const { userId, device } = await ownerWithDevice({
      type: 'skywalker',
      model: 'SKYWALKER',
      pm25: 110,
      airQualityAt: at(),
    });
    await run();
    // Named after the home (a person may have several).
    expect((await alertsOf(userId, 'air_quality')).map((n) => [n.title, n.link])).toEqual([
      [expect.stringMatching(/^Air quality at .+'s home is Poor$/), `/owner/dashboard?home=${device.homeId}`],
    ]);

    // Still Poor 40 minutes later: nothing new.
    t.clock.advance(40 * MINUTE);
    await t.db.update(devices).set({ airQualityAt: at() }).where(eq(devices.id, device.id));
    await run();
    expect(await alertsOf(userId, 'air_quality')).toHaveLength(1);

    // It cleared, then turned Poor again: a new alert.
    await t.db.insert(deviceReadings).values({ deviceId: device.id, at: at(), pm25: 40 });
    t.clock.advance(MINUTE);
    await t.db.update(devices).set({ pm25: 115, airQualityAt: at() }).where(eq(devices.id, device.id));
    await run();
    expect(await alertsOf(userId, 'air_quality')).toHaveLength(2);

    // Very Poor within half an hour of that: held back; after it, told.
    t.clock.advance(10 * MINUTE);
    await t.db.update(devices).set({ pm25: 200, airQualityAt: at() }).where(eq(devices.id, device.id));
    await run();
    expect(await alertsOf(userId, 'air_quality')).toHaveLength(2);
    t.clock.advance(25 * MINUTE);
    await t.db.update(devices).set({ airQualityAt: at() }).where(eq(devices.id, device.id));
    await run();
    const titles = (await alertsOf(userId, 'air_quality')).map((n) => n.title);
    expect(titles).toContainEqual(expect.stringMatching(/^Air quality at .+'s home is Very Poor$/));
    expect(titles).toHaveLength(3);
  });

  it('does not alert below the owner’s band', async () => {
    const { userId } = await ownerWithDevice({
      type: 'skywalker',
      model: 'SKYWALKER',
      pm25: 75,
      airQualityAt: t.clock.now(),
    });
    await run();
    expect(await alertsOf(userId, 'air_quality')).toHaveLength(0);
  });
});
