import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { deviceReadings, deviceReadingsQuarantine, devices } from '../db/schema/index.ts';
import type { EventBus } from '../events.ts';
import { storeLatestReadings } from '../modules/devices/store.ts';
import type { Telemetry } from './messages.ts';

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

export interface IngestOptions {
  flushMs: number;
  maxBatch: number;
  /** Readings waiting at most (TELEMETRY_BUFFER_MAX): beyond it the noisiest devices' readings are shed. */
  maxBuffered: number;
}

/**
 * Telemetry ingest (issue 13): readings are buffered and written in batches — one INSERT of the whole batch
 * (a JSON array expanded in SQL, rows of unknown devices dropped) and one UPDATE of each device's latest
 * values — every `flushMs` or every `maxBatch` readings, whichever comes first; never one insert per message.
 *
 * Bounded and fair (issue 27): the buffer holds at most `maxBuffered` readings, grouped by device; when it
 * is full a new reading from a device holding the most is dropped, and one from a quieter device takes the
 * place of the noisiest device's oldest — a flooding device loses its own readings, never the quiet ones.
 * A batch the database refuses is split until the row at fault is alone; that row is quarantined with its
 * error and the rest of the batch is stored.
 */
type FilterChange = Awaited<ReturnType<typeof storeLatestReadings>>[number];

export class TelemetryIngest {
  private buffer = new Map<string, Reading[]>();
  private buffered = 0;
  /** The largest count one device holds (an upper bound: recomputed when a quieter device needs room). */
  private noisiest = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  /** Readings stored, batches written, readings lost to a failed write, shed and quarantined. */
  readonly stats = { stored: 0, batches: 0, failed: 0, shed: 0, quarantined: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: IngestOptions = { flushMs: 500, maxBatch: 1000, maxBuffered: 100_000 },
    /** Each stored batch's latest PM2.5 per device is announced (`device.readings_stored`: auto mode listens). */
    private readonly events: EventBus | null = null,
    /** Told when a device's readings are shed (the plane counts them for the device). */
    private readonly onShed: ((deviceId: string, count: number) => void) | null = null,
  ) {}

  /** Readings waiting to be written. */
  get depth(): number {
    return this.buffered;
  }

  add(deviceId: string, message: Telemetry): void {
    const reading: Reading = {
      device_id: deviceId,
      at: message.at.toISOString(),
      pm25: message.pm25 ?? null,
      pm10: message.pm10 ?? null,
      temperature: message.temperature ?? null,
      humidity: message.humidity ?? null,
      battery: message.battery ?? null,
      filter_life: message.filter_life ?? null,
      mode: message.mode ?? null,
    };
    let own = this.buffer.get(deviceId);
    if (this.buffered >= this.options.maxBuffered && !this.makeRoomFor(own?.length ?? 0)) {
      return this.shed(deviceId, 1);
    }
    if (!own) this.buffer.set(deviceId, (own = []));
    own.push(reading);
    this.buffered += 1;
    if (own.length > this.noisiest) this.noisiest = own.length;
    if (this.buffered >= this.options.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.options.flushMs);
  }

  /** Drops the noisiest device's oldest reading if it holds more than `count`; false if `count` is the most. */
  private makeRoomFor(count: number): boolean {
    if (count >= this.noisiest) return false;
    let noisiestId: string | null = null;
    let most = 0;
    for (const [id, readings] of this.buffer) {
      if (readings.length > most) [noisiestId, most] = [id, readings.length];
    }
    this.noisiest = most;
    if (noisiestId === null || most <= count) return false;
    this.buffer.get(noisiestId)!.shift();
    this.buffered -= 1;
    this.noisiest = most - 1;
    this.shed(noisiestId, 1);
    return true;
  }

  private shed(deviceId: string, count: number): void {
    this.stats.shed += count;
    this.onShed?.(deviceId, count);
  }

  /** Writes what is buffered (batches are written one after another, in order). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.buffered === 0) return this.flushing;
    const batch = [...this.buffer.values()].flat();
    this.buffer = new Map();
    this.buffered = 0;
    this.noisiest = 0;
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private async write(batch: Reading[]): Promise<void> {
    const { stored, filters } = await this.storeAll(batch);
    if (stored.length === 0) return;
    for (const change of filters) this.events?.announce('device.filter_changed', change);
    this.stats.batches += 1;
    if (this.events) {
      const latest = new Map<string, { at: string; pm25: number }>();
      for (const r of stored) {
        if (r.pm25 === null) continue;
        const seen = latest.get(r.device_id);
        if (!seen || seen.at < r.at) latest.set(r.device_id, { at: r.at, pm25: r.pm25 });
      }
      // Announced, not awaited: auto mode's commands wait for devices, ingest does not.
      this.events.announce('device.readings_stored', {
        latest: [...latest].map(([deviceId, { pm25 }]) => ({ deviceId, pm25 })),
      });
    }
  }

  /** Stores a batch (see `store`): the readings stored and the new filters they reported. */
  private async storeAll(batch: Reading[]): Promise<{ stored: Reading[]; filters: FilterChange[] }> {
    const filters: FilterChange[] = [];
    const stored = await this.store(batch, filters);
    return { stored, filters };
  }

  /**
   * Stores the readings in one transaction; if the database refuses them, stores each half on its own,
   * down to the single reading at fault, which is quarantined. Returns the readings stored (and adds the
   * new filters they reported to `filters`).
   */
  private async store(batch: Reading[], filters: FilterChange[]): Promise<Reading[]> {
    try {
      const { count, changes } = await this.insert(batch);
      this.stats.stored += count;
      filters.push(...changes);
      return batch;
    } catch (error) {
      if (!isDataError(error)) {
        // The database is unreachable or failing: splitting would not help. The batch is lost (counted).
        this.stats.failed += batch.length;
        this.log.error({ err: error, readings: batch.length }, 'telemetry batch could not be stored');
        return [];
      }
      if (batch.length === 1) {
        await this.quarantine(batch[0]!, error);
        return [];
      }
      const half = Math.ceil(batch.length / 2);
      return [
        ...(await this.store(batch.slice(0, half), filters)),
        ...(await this.store(batch.slice(half), filters)),
      ];
    }
  }

  private async insert(batch: Reading[]): Promise<{ count: number; changes: FilterChange[] }> {
    const json = JSON.stringify(batch);
    return this.db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        insert into ${deviceReadings} (device_id, at, pm25, pm10, temperature, humidity, battery, filter_life)
        select r.device_id, r.at, r.pm25, r.pm10, r.temperature, r.humidity, r.battery, r.filter_life
        from jsonb_to_recordset(${json}::jsonb) as r(device_id text, at timestamptz, pm25 real, pm10 real,
             temperature real, humidity real, battery int, filter_life int, mode text)
        join ${devices} d on d.id = r.device_id`);
      const changes = await storeLatestReadings(tx, json);
      const count =
        (inserted as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (inserted as unknown as { affectedRows?: number }).affectedRows ??
        batch.length;
      return { count, changes };
    });
  }

  private async quarantine(reading: Reading, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    this.log.warn({ deviceId: reading.device_id, error: message }, 'telemetry reading quarantined');
    try {
      await this.db
        .insert(deviceReadingsQuarantine)
        .values({ deviceId: reading.device_id, reading: { ...reading }, error: message });
      this.stats.quarantined += 1;
    } catch (failure) {
      this.stats.failed += 1;
      this.log.error({ err: failure, deviceId: reading.device_id }, 'telemetry reading lost');
    }
  }

  async close(): Promise<void> {
    await this.flush();
  }
}

/** Whether the database refused the data itself (SQLSTATE class 22 data exception, 23 integrity violation). */
function isDataError(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23]/.test(code)) return true;
  }
  return false;
}
