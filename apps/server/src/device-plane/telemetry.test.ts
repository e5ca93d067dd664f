import { ROLE, type TelemetryResponse } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceReadings, deviceReadingsHourly, devices } from '../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../test/helpers.ts';

const HOUR = 3_600_000;

describe('telemetry series, rollups and retention', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let deviceId: string;
  let ownerId: string;
  let start: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { TELEMETRY_RETENTION_DAYS: '2' } });
    const { user, token } = await t.signIn(ROLE.owner);
    owner = await authed(t.app, token);
    ownerId = user.id;
    const [device] = await t.db
      .insert(devices)
      .values({
        name: 'Sensor',
        model: 'SKYWALKER',
        serialNumber: `TEL-${Date.now()}`,
        type: 'skywalker',
        userId: user.id,
      })
      .returning();
    deviceId = device!.id;
    // Three hours of readings every 10 minutes: PM2.5 10, 20, 30 … per hour.
    start = Math.floor(t.clock.now().getTime() / HOUR) * HOUR - 3 * HOUR;
    await t.db.insert(deviceReadings).values(
      Array.from({ length: 18 }, (_, i) => ({
        deviceId,
        at: new Date(start + i * 10 * 60_000),
        pm25: 10 * (1 + Math.floor(i / 6)) + (i % 2),
        temperature: 25,
      })),
    );
  });
  afterAll(() => t.close());

  const get = (query: string, headers = owner) =>
    t.app.inject({ method: 'GET', url: `/api/devices/${deviceId}/telemetry${query}`, headers });

  it('buckets the readings (average, min, max) for the chart', async () => {
    const res = await get('?bucket=1h');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TelemetryResponse>();
    expect(body.bucket).toBe('1h');
    expect(body.points).toHaveLength(3);
    expect(body.points[0]).toMatchObject({ pm25: 10.5, pm25_min: 10, pm25_max: 11, temperature: 25 });
    expect(body.points[2]).toMatchObject({ pm25: 30.5 });
  });

  it("is the owner's only: another owner gets 404; bad ranges are 400", async () => {
    const stranger = await authed(t.app, (await t.signIn(ROLE.owner)).token);
    expect((await get('', stranger)).statusCode).toBe(404);
    expect((await get('?from=2026-11-20T00:00:00Z&to=2026-11-19T00:00:00Z')).statusCode).toBe(400);
    expect((await get('?from=2020-01-01T00:00:00Z&bucket=5m')).statusCode).toBe(400);
  });

  it('rolls complete hours up, prunes raw readings past retention, and still serves the old hours from rollups', async () => {
    const first = await t.app.services.telemetry.maintain();
    expect(first.hoursRolled).toBe(3);
    const rollups = await t.db
      .select()
      .from(deviceReadingsHourly)
      .where(eq(deviceReadingsHourly.deviceId, deviceId));
    expect(rollups.map((r) => r.samples)).toEqual([6, 6, 6]);

    t.clock.advance(3 * 24 * HOUR);
    const later = await t.app.services.telemetry.maintain();
    expect(later.readingsPruned).toBe(18);
    // Raw readings are partitioned by day: the days past the window are dropped whole.
    expect(later.partitionsDropped).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(deviceReadings).where(eq(deviceReadings.deviceId, deviceId))).toEqual([]);
    // The chart of those hours now comes from the rollups (sample-weighted averages, exact min and max).
    const old = await t.app.services.telemetry.series({ kind: 'owner', userId: ownerId }, deviceId, {
      from: new Date(start).toISOString(),
      to: new Date(start + 3 * HOUR).toISOString(),
      bucket: '1h',
    });
    expect(old.points.map((p) => [p.pm25, p.pm25_min, p.pm25_max])).toEqual([
      [10.5, 10, 11],
      [20.5, 20, 21],
      [30.5, 30, 31],
    ]);
  });
});
