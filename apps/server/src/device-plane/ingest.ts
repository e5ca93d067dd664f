import type { TelemetryMessage } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

interface Reading {
  device_id: string;
  at: string;
  pm25: number | null;
  pm10: number | null;
  temperature: number | null;
  humidity: number | null;
  battery: number | null;
  filter_life: number | null;
  mode: string | null;
}

/**
 * Telemetry ingest (issue 13): readings are buffered and written in batches — one INSERT of the whole batch
 * (a JSON array expanded in SQL, rows of unknown devices dropped) and one UPDATE of each device's latest
 * values — every `flushMs` or every `maxBatch` readings, whichever comes first; never one insert per message.
 */
export class TelemetryIngest {
  private buffer: Reading[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Readings stored, and batches written (for the bench and the health view). */
  readonly stats = { stored: 0, batches: 0, failed: 0 };
  /** Told each stored batch's latest PM2.5 per device (auto mode listens). */
  onStored: ((latest: Array<{ deviceId: string; pm25: number }>) => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { flushMs: number; maxBatch: number } = { flushMs: 500, maxBatch: 1000 },
  ) {}

  add(deviceId: string, message: TelemetryMessage, receivedAt: Date): void {
    this.buffer.push({
      device_id: deviceId,
      at: message.at ?? receivedAt.toISOString(),
      pm25: message.pm25 ?? null,
      pm10: message.pm10 ?? null,
      temperature: message.temperature ?? null,
      humidity: message.humidity ?? null,
      battery: message.battery ?? null,
      filter_life: message.filter_life ?? null,
      mode: message.mode ?? null,
    });
    if (this.buffer.length >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs);
  }

  /** Writes what is buffered (batches are written one after another, in order). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.buffer;
    this.buffer = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private async write(batch: Reading[]): Promise<void> {
    const json = JSON.stringify(batch);
    try {
      await this.db.transaction(async (tx) => {
        const inserted = await tx.execute(sql`
          insert into device_readings (device_id, at, pm25, pm10, temperature, humidity, battery, filter_life)
          select r.device_id, r.at, r.pm25, r.pm10, r.temperature, r.humidity, r.battery, r.filter_life
          from jsonb_to_recordset(${json}::jsonb) as r(device_id text, at timestamptz, pm25 real, pm10 real,
               temperature real, humidity real, battery int, filter_life int, mode text)
          join devices d on d.id = r.device_id`);
        await tx.execute(sql`
          update devices d set
            pm25 = coalesce(r.pm25, d.pm25),
            air_quality_at = case when r.pm25 is null then d.air_quality_at else r.at end,
            battery_level = coalesce(r.battery, d.battery_level),
            filter_life = coalesce(r.filter_life, d.filter_life),
            mode = coalesce(r.mode, d.mode),
            last_seen_at = greatest(d.last_seen_at, r.at)
          from (
            select distinct on (device_id) *
            from jsonb_to_recordset(${json}::jsonb) as x(device_id text, at timestamptz, pm25 real, pm10 real,
                 temperature real, humidity real, battery int, filter_life int, mode text)
            order by device_id, at desc
          ) r
          where d.id = r.device_id`);
        const count =
          (inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
          (inserted as unknown as { affectedRows?: number }).affectedRows ??
          batch.length;
        this.stats.stored += count;
      });
      this.stats.batches += 1;
      if (this.onStored) {
        const latest = new Map<string, { at: string; pm25: number }>();
        for (const r of batch) {
          if (r.pm25 === null) continue;
          const seen = latest.get(r.device_id);
          if (!seen || seen.at < r.at) latest.set(r.device_id, { at: r.at, pm25: r.pm25 });
        }
        // Not awaited: auto mode's commands wait for devices, ingest does not.
        this.onStored([...latest].map(([deviceId, { pm25 }]) => ({ deviceId, pm25 }))).catch(
          (error: unknown) => this.log.warn({ err: error }, 'auto mode failed on a telemetry batch'),
        );
      }
    } catch (error) {
      this.stats.failed += batch.length;
      this.log.error({ err: error, readings: batch.length }, 'telemetry batch could not be stored');
    }
  }

  async close(): Promise<void> {
    await this.flush();
  }
}
