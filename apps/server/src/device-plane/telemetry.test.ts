import { ROLE, type TelemetryResponse } from '@isaac/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { deviceReadings, deviceReadingsHourly, devices } from '../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../test/helpers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The name of the daily partition of the raw readings that holds `at` (UTC days). */
const partitionOf = (at: number) =>
  `device_readings_p${new Date(at).toISOString().slice(0, 10).replaceAll('-', '')}`;

describe('telemetry series, rollups and retention', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let deviceId: string;
  let ownerId: string;
  let start: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { TELEMETRY_RETENTION_DAYS: '2' } });
    // Noon UTC, so that the three hours of readings below fall on one day whatever time the suite runs.
    const realNow = t.clock.now().getTime();
    const noon = Math.floor(realNow / DAY) * DAY + 12 * HOUR;
    t.clock.advance((noon > realNow ? noon : noon + DAY) - realNow);
    // As the running app does at start: the days around today get their partitions.
    await t.app.services.telemetry.ensurePartitions(t.clock.now());
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

    // A reading of a day that has no partition (a device with a wrong clock) sits in the default partition.
    await t.db.insert(deviceReadings).values({ deviceId, at: new Date(start - 10 * DAY), pm25: 99 });

    t.clock.advance(3 * DAY);
    const later = await t.app.services.telemetry.maintain();
    // Raw readings are partitioned by day: the days past the window are dropped whole (yesterday's and the
    // readings' own), and what sits in the default partition past the window is deleted.
    expect(later.partitionsDropped).toBe(2);
    expect(later.readingsPruned).toBe(1);
    const partitions = await t.db.execute(
      sql`select relname as name from pg_class where relname = ${partitionOf(start)}`,
    );
    expect(rowsOf(partitions)).toEqual([]);
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
