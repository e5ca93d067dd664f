import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { deviceMessageStats, devices } from '../db/schema/index.ts';
import { SYSTEM_CONTEXT, type AuditLog } from '../modules/audit/audit-log.ts';

const MINUTE = 60_000;

/**
 * Counts per minute over the last hour (a ring of 60), by name: the device plane's health figures. Per
 * process, like the request outcomes (ADR 027).
 */
export class HourWindow<Name extends string> {
  private readonly minutes = new Float64Array(60).fill(-1);
  private readonly counts = new Map<Name, Uint32Array>();

  constructor(private readonly now: () => Date) {}

  add(name: Name, count = 1): void {
    const minute = Math.floor(this.now().getTime() / MINUTE);
    const slot = minute % 60;
    if (this.minutes[slot] !== minute) {
      this.minutes[slot] = minute;
      for (const ring of this.counts.values()) ring[slot] = 0;
    }
    let ring = this.counts.get(name);
    if (!ring) this.counts.set(name, (ring = new Uint32Array(60)));
    ring[slot] = (ring[slot] ?? 0) + count;
  }

  /** Each name's count in the last hour (the current minute included). */
  lastHour(): Partial<Record<Name, number>> {
    const current = Math.floor(this.now().getTime() / MINUTE);
    const result: Partial<Record<Name, number>> = {};
    for (const [name, ring] of this.counts) {
      let sum = 0;
      for (let slot = 0; slot < 60; slot += 1) {
        const minute = this.minutes[slot] ?? -1;
        if (minute > current - 60 && minute <= current) sum += ring[slot] ?? 0;
      }
      if (sum > 0) result[name] = sum;
    }
    return result;
  }
}

/** What happened to a device's message that was not stored. */
export type DroppedKind = 'refused' | 'rate_limited' | 'shed';

interface PendingCounts {
  refused: number;
  rateLimited: number;
  shed: number;
  lastReason: string | null;
  lastAt: Date | null;
}

/** At most this many devices' counts wait for a flush (beyond: only the process totals count them). */
const MAX_PENDING_DEVICES = 100_000;

/**
 * Messages a device sent that were not stored (issue 27): refused at the edge (too large, not JSON, out of
 * range), dropped over its publish rate, shed by a full ingest buffer. Counted in memory and added to
 * `device_message_stats` every few seconds in one statement (a device sending junk in a loop costs one row
 * update per flush, never one write per message); the admin device page shows them, system health the
 * process's last hour.
 */
export class DeviceMessageCounters {
  private pending = new Map<string, PendingCounts>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  readonly totals = { refused: 0, rate_limited: 0, shed: 0 };
  readonly window: HourWindow<DroppedKind>;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {
    this.window = new HourWindow(now);
  }

  record(deviceId: string, kind: DroppedKind, reason: string | null = null, count = 1): void {
    this.totals[kind] += count;
    this.window.add(kind, count);
    let entry = this.pending.get(deviceId);
    if (!entry) {
      if (this.pending.size >= MAX_PENDING_DEVICES) return;
      entry = { refused: 0, rateLimited: 0, shed: 0, lastReason: null, lastAt: null };
      this.pending.set(deviceId, entry);
    }
    if (kind === 'refused') {
      entry.refused += count;
      entry.lastReason = reason;
      entry.lastAt = this.now();
    } else if (kind === 'rate_limited') entry.rateLimited += count;
    else entry.shed += count;
  }

  /** Flushes every `everyMs` until closed. */
  start(everyMs = 5000): void {
    this.timer ??= setInterval(() => void this.flush(), everyMs);
    this.timer.unref();
  }

  flush(): Promise<void> {
    if (this.pending.size === 0) return this.flushing;
    const rows = [...this.pending].map(([deviceId, c]) => ({
      device_id: deviceId,
      refused: c.refused,
      rate_limited: c.rateLimited,
      shed: c.shed,
      last_reason: c.lastReason,
      last_at: c.lastAt?.toISOString() ?? null,
    }));
    this.pending = new Map();
    this.flushing = this.flushing.then(() => this.write(rows));
    return this.flushing;
  }

  private async write(rows: object[]): Promise<void> {
    try {
      // Unknown device ids (a topic for a device that does not exist) are dropped by the join.
      await this.db.execute(sql`
        insert into ${deviceMessageStats} (device_id, refused, rate_limited, shed, last_refusal, last_refused_at)
        select r.device_id, r.refused, r.rate_limited, r.shed, r.last_reason, r.last_at
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(device_id text, refused bigint,
             rate_limited bigint, shed bigint, last_reason text, last_at timestamptz)
        join ${devices} d on d.id = r.device_id
        on conflict (device_id) do update set
          refused = ${deviceMessageStats.refused} + excluded.refused,
          rate_limited = ${deviceMessageStats.rateLimited} + excluded.rate_limited,
          shed = ${deviceMessageStats.shed} + excluded.shed,
          last_refusal = coalesce(excluded.last_refusal, ${deviceMessageStats.lastRefusal}),
          last_refused_at = coalesce(excluded.last_refused_at, ${deviceMessageStats.lastRefusedAt})`);
    } catch (error) {
      this.log.warn({ err: error }, 'device message counts could not be stored');
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}

/** What the broker refused (issue 27): each is counted, logged (rate-limited) and, repeated, audited. */
export const SECURITY_EVENTS = [
  'bad_credentials',
  'denied_subscription',
  'forbidden_publish',
  'oversized_packet',
  'connect_timeout',
  'connection_limit',
  'rate_limit_disconnect',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

/** Ids whose failures are tracked for the activity log at most (the names come from attackers too). */
const MAX_TRACKED_IDS = 10_000;
/** Repeated failures of one device within this window are written to the activity log once. */
export const SECURITY_AUDIT_WINDOW_MS = 10 * MINUTE;
/** …from this many on. */
export const SECURITY_AUDIT_THRESHOLD = 5;
/** At most this many log lines per event kind and minute; the rest are summed into the next line. */
const LOG_LINES_PER_MINUTE = 10;

/**
 * The broker's security events (issue 27): bad credentials, denied subscriptions, forbidden publishes,
 * oversized packets, CONNECTs that never came, connection limits, rate-limit disconnects. Each is counted
 * (totals, and the last hour for system health), logged at warn — at most a few lines per kind and minute,
 * so an attacker cannot flood the log — and a device that fails repeatedly within a window gets one entry
 * in the activity log for that window.
 */
export class BrokerSecurityLog {
  readonly totals = Object.fromEntries(SECURITY_EVENTS.map((e) => [e, 0])) as Record<SecurityEvent, number>;
  readonly window: HourWindow<SecurityEvent>;
  private readonly logged = new Map<SecurityEvent, { minute: number; lines: number; suppressed: number }>();
  private readonly perDevice = new Map<
    string,
    { since: number; counts: Partial<Record<SecurityEvent, number>>; audited: boolean }
  >();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
    private readonly audit: { log: AuditLog; db: Db } | null,
  ) {
    this.window = new HourWindow(now);
  }

  record(
    event: SecurityEvent,
    who: { deviceId?: string | null; address?: string | null },
    detail = '',
  ): void {
    this.totals[event] += 1;
    this.window.add(event);
    const nowMs = this.now().getTime();
    const minute = Math.floor(nowMs / MINUTE);
    let state = this.logged.get(event);
    if (!state || state.minute !== minute) {
      const suppressed = state?.suppressed ?? 0;
      state = { minute, lines: 0, suppressed: 0 };
      this.logged.set(event, state);
      if (suppressed > 0)
        this.log.warn({ event, suppressed }, `mqtt: ${suppressed} more ${event} not logged`);
    }
    if (state.lines < LOG_LINES_PER_MINUTE) {
      state.lines += 1;
      this.log.warn({ event, deviceId: who.deviceId, address: who.address, detail }, `mqtt: ${event}`);
    } else state.suppressed += 1;
    if (who.deviceId) this.countForDevice(who.deviceId, event, nowMs);
  }

  private countForDevice(deviceId: string, event: SecurityEvent, nowMs: number): void {
    let entry = this.perDevice.get(deviceId);
    if (!entry || nowMs - entry.since >= SECURITY_AUDIT_WINDOW_MS) {
      if (this.perDevice.size >= MAX_TRACKED_IDS) this.prune(nowMs);
      entry = { since: nowMs, counts: {}, audited: false };
      this.perDevice.set(deviceId, entry);
    }
    entry.counts[event] = (entry.counts[event] ?? 0) + 1;
    const total = Object.values(entry.counts).reduce((sum, n) => sum + (n ?? 0), 0);
    if (!entry.audited && total >= SECURITY_AUDIT_THRESHOLD && this.audit) {
      entry.audited = true;
      void this.writeAudit(deviceId, { ...entry.counts }, entry.since);
    }
  }

  private async writeAudit(
    deviceId: string,
    counts: Partial<Record<SecurityEvent, number>>,
    since: number,
  ): Promise<void> {
    try {
      const [device] = await this.audit!.db.select({ name: devices.name })
        .from(devices)
        .where(eq(devices.id, deviceId))
        .limit(1);
      // Only a real device is audited: ids that do not exist would let anyone write to the activity log.
      if (!device) return;
      await this.audit!.log.record(this.audit!.db, SYSTEM_CONTEXT, {
        action: 'device.security_events',
        entity: { type: 'device', id: deviceId, name: device.name },
        changes: Object.fromEntries([
          ['window_start', { before: null, after: new Date(since).toISOString() }],
          ...Object.entries(counts).map(([event, n]) => [event, { before: null, after: n }]),
        ]),
      });
    } catch (error) {
      this.log.warn({ err: error, deviceId }, 'device security events could not be audited');
    }
  }

  private prune(nowMs: number): void {
    for (const [id, entry] of this.perDevice) {
      if (nowMs - entry.since >= SECURITY_AUDIT_WINDOW_MS) this.perDevice.delete(id);
    }
    if (this.perDevice.size >= MAX_TRACKED_IDS) this.perDevice.clear();
  }
}
