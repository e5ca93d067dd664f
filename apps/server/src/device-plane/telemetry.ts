import { rowsOf } from '../db/rows.ts';
import {
  MAX_TELEMETRY_POINTS,
  TELEMETRY_BUCKETS,
  type TelemetryBucket,
  type TelemetryQuery,
  type TelemetryResponse,
} from '@isaac/contract';
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { deviceReadings, deviceReadingsHourly, devices } from '../db/schema/index.ts';
import { badRequest, notFound } from '../plugins/errors.ts';
import { every } from '../jobs.ts';
import type { JobLeases } from '../leases.ts';
import { scopeCondition } from '../policy/policy.ts';
import type { Scope } from '../policy/scope.ts';

/** The raw readings' table: its daily partitions are named after it (`device_readings_p20261127`). */
const READINGS = getTableName(deviceReadings);

const HOUR = 3_600_000;
/** Hourly rollups are kept this long (the privacy page's retention). */
export const ROLLUP_RETENTION_DAYS = 730;

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The bucket a range is drawn with when none is asked for: at most ~150 points. */
function defaultBucket(ms: number): TelemetryBucket {
  const fit = (Object.entries(TELEMETRY_BUCKETS) as [TelemetryBucket, number][]).find(
    ([, seconds]) => ms / (seconds * 1000) <= 150,
  );
  return fit?.[0] ?? '1d';
}

/**
 * Telemetry series and upkeep (issue 13): a device's readings bucketed for its chart — raw readings inside
 * the retention window, hourly rollups before it — and the job that rolls readings up into hours and prunes
 * raw readings past `retentionDays` and rollups past two years.
 */
export class TelemetryService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly retentionDays: number,
  ) {}

  async series(scope: Scope, deviceId: string, query: TelemetryQuery): Promise<TelemetryResponse> {
    const [device] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'see')))
      .limit(1);
    if (!device) throw notFound('Device not found');
    const to = query.to ? new Date(query.to) : this.now();
    const from = query.from ? new Date(query.from) : new Date(to.getTime() - 24 * HOUR);
    const bucket = query.bucket ?? defaultBucket(to.getTime() - from.getTime());
    const seconds = TELEMETRY_BUCKETS[bucket];
    if ((to.getTime() - from.getTime()) / (seconds * 1000) > MAX_TELEMETRY_POINTS) {
      throw badRequest(`Too many points: use a larger bucket than ${bucket} for this range`, [
        { path: 'bucket', message: 'Too small for this range' },
      ]);
    }
    const cutoff = new Date(this.now().getTime() - this.retentionDays * 24 * HOUR);
    const interval = `${seconds} seconds`;
    // Raw readings inside the retention window; hourly rollups (weighted by their samples) before it.
    const result = await this.db.execute(sql`
      with points as (
        select date_bin(${interval}::interval, at, timestamptz '2000-01-01') as t,
               pm25, pm25 as pm25_min, pm25 as pm25_max, pm10, temperature, humidity, 1 as samples
        from ${deviceReadings}
        where device_id = ${deviceId} and at >= greatest(${from.toISOString()}::timestamptz, ${cutoff.toISOString()}::timestamptz)
          and at < ${to.toISOString()}::timestamptz
        union all
        select date_bin(${interval}::interval, hour, timestamptz '2000-01-01'),
               pm25_avg, pm25_min, pm25_max, pm10_avg, temperature_avg, humidity_avg, samples
        from ${deviceReadingsHourly}
        where device_id = ${deviceId} and hour >= ${from.toISOString()}::timestamptz
          and hour < least(${to.toISOString()}::timestamptz, ${cutoff.toISOString()}::timestamptz)
      )
      select t, sum(pm25 * samples) / nullif(sum(case when pm25 is null then 0 else samples end), 0) as pm25,
             min(pm25_min) as pm25_min, max(pm25_max) as pm25_max,
             avg(pm10) as pm10, avg(temperature) as temperature, avg(humidity) as humidity
      from points group by t order by t`);
    const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
    return {
      device_id: deviceId,
      from: from.toISOString(),
      to: to.toISOString(),
      bucket,
      points: rowsOf<Record<string, unknown>>(result).map((row) => ({
        at: new Date(row.t as string | Date).toISOString(),
        pm25: round(num(row.pm25)),
        pm25_min: round(num(row.pm25_min)),
        pm25_max: round(num(row.pm25_max)),
        pm10: round(num(row.pm10)),
        temperature: round(num(row.temperature)),
        humidity: round(num(row.humidity)),
      })),
    };
  }

  /**
   * Rolls every complete hour not rolled up yet into `device_readings_hourly` (re-running is harmless: an
   * hour is replaced by its full recomputation), creates the coming days' partitions of the raw readings,
   * drops the days past the retention window and prunes rollups past two years. Returns what it did.
   */
  async maintain(): Promise<{
    hoursRolled: number;
    readingsPruned: number;
    partitionsDropped: number;
    rollupsPruned: number;
  }> {
    const now = this.now();
    const currentHour = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
    const rolled = await this.db.execute(sql`
      insert into ${deviceReadingsHourly} (device_id, hour, samples, pm25_avg, pm25_min, pm25_max, pm10_avg,
                                          temperature_avg, humidity_avg)
      select device_id, date_trunc('hour', at), count(*), avg(pm25), min(pm25), max(pm25), avg(pm10),
             avg(temperature), avg(humidity)
      from ${deviceReadings}
      where at < ${currentHour.toISOString()}::timestamptz
        and at >= coalesce((select max(hour) from ${deviceReadingsHourly}), '-infinity'::timestamptz)
      group by device_id, date_trunc('hour', at)
      on conflict (device_id, hour) do update set samples = excluded.samples, pm25_avg = excluded.pm25_avg,
        pm25_min = excluded.pm25_min, pm25_max = excluded.pm25_max, pm10_avg = excluded.pm10_avg,
        temperature_avg = excluded.temperature_avg, humidity_avg = excluded.humidity_avg
      returning 1`);
    const readingsCutoff = new Date(now.getTime() - this.retentionDays * 24 * HOUR);
    const rollupCutoff = new Date(now.getTime() - ROLLUP_RETENTION_DAYS * 24 * HOUR);
    await this.ensurePartitions(now);
    // Whole days past the window go at once (their partitions are dropped); rows in the default partition
    // (outside the daily partitions) and in the cutoff's own day are deleted.
    let partitionsDropped = 0;
    for (const { name, upper } of await this.dailyPartitions()) {
      if (upper <= readingsCutoff) {
        await this.db.execute(sql.raw(`drop table if exists "${name}"`));
        partitionsDropped += 1;
      }
    }
    const pruned = await this.db.execute(
      sql`delete from ${deviceReadings} where at < ${readingsCutoff.toISOString()}::timestamptz returning 1`,
    );
    const prunedRollups = await this.db.execute(
      sql`delete from ${deviceReadingsHourly} where hour < ${rollupCutoff.toISOString()}::timestamptz returning 1`,
    );
    return {
      hoursRolled: rowsOf(rolled).length,
      readingsPruned: rowsOf(pruned).length,
      partitionsDropped,
      rollupsPruned: rowsOf(prunedRollups).length,
    };
  }

  /**
   * Daily partitions of the raw readings (UTC days) from yesterday to two days ahead. A day whose readings
   * already sit in the default partition keeps them there (creating it would conflict): skipped.
   */
  async ensurePartitions(now: Date): Promise<void> {
    const day = 24 * HOUR;
    const today = Math.floor(now.getTime() / day) * day;
    for (let offset = -1; offset <= 2; offset += 1) {
      const from = new Date(today + offset * day);
      const to = new Date(from.getTime() + day);
      const name = `${READINGS}_p${from.toISOString().slice(0, 10).replaceAll('-', '')}`;
      // Partition bounds are literals (DDL takes no parameters): two instants written by the code.
      const bounds = sql.raw(`('${from.toISOString()}') to ('${to.toISOString()}')`);
      try {
        await this.db.execute(
          sql`create table if not exists ${sql.identifier(name)} partition of ${deviceReadings} for values from ${bounds}`,
        );
      } catch {
        // readings of that day are in the default partition already: they stay there
      }
    }
  }

  /** The daily partitions there are, with their upper bounds. */
  private async dailyPartitions(): Promise<Array<{ name: string; upper: Date }>> {
    const result = await this.db.execute(sql`
      select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = ${READINGS} and c.relname like ${`${READINGS}_p%`}`);
    return rowsOf<{ name: string }>(result).flatMap(({ name }) => {
      const match = new RegExp(`^${READINGS}_p(\\d{4})(\\d{2})(\\d{2})$`).exec(name);
      if (!match) return [];
      const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
      return [{ name, upper: new Date(start + 24 * HOUR) }];
    });
  }

  /** Runs `maintain` now and every `everyMs` (default hourly); the returned function stops it. */
  schedule(log: FastifyBaseLogger, everyMs = HOUR, leases: JobLeases | null = null): () => void {
    const run = async () => log.info(await this.maintain(), 'telemetry rollup and retention');
    return every('telemetry rollup and retention', everyMs, run, log, { immediately: true, leases });
  }
}
