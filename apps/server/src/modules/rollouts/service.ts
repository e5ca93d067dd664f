import {
  deviceTopics,
  type NewRollout,
  type OtaCommand,
  type OtaStatus,
  type RolloutAction,
  type RolloutDetail,
  type RolloutDeviceState,
  type RolloutInFlightState,
  type RolloutList,
  type RolloutListQuery,
} from '@isaac/contract';
import { and, asc, eq, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events.ts';
import type { Db } from '../../db/client.ts';
import { devices, firmware, rolloutDevices, rollouts, type RolloutRow } from '../../db/schema/index.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { rowsOf } from '../../db/rows.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { every } from '../../jobs.ts';
import type { JobLeases } from '../../leases.ts';
import { SYSTEM_CONTEXT, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { presentRollout, presentRolloutDevice } from './presenter.ts';
import { IN_FLIGHT, RolloutReports, type RolloutStats } from './reports.ts';
import { versionOrder } from '../firmware/service.ts';
import type { DownloadSigner } from './signer.ts';

/** The column of each sort of the rollout list (`version`: the image's, by its numbers). */
const ROLLOUT_SORT_COLUMNS: Record<RolloutListQuery['sort'], AnyColumn | SQL> = {
  created_at: rollouts.createdAt,
  status: rollouts.status,
  version: versionOrder(firmware.version),
};

/** How long a device may stay in each state before it is FAILED 'timed out in STATE' (seconds). */
export type RolloutTimeouts = Record<RolloutInFlightState, number>;
export const DEFAULT_ROLLOUT_TIMEOUTS: RolloutTimeouts = {
  INITIATED: 120,
  DOWNLOADING: 900,
  DOWNLOADED: 120,
  VERIFIED: 120,
  UPDATING: 600,
};

/** How long a device is connected before its update is sent again (it subscribes again after connecting). */
const RESEND_SETTLE_MS = 1000;

/** Publishes an update to a device (the device plane). */
export interface OtaPublisher {
  publish(topic: string, payload: string): Promise<void>;
}

/**
 * Staged firmware rollouts (issue 14, ADR 037): the per-device state machine, stages, concurrency, timeouts,
 * the halt threshold, and the tick that moves them along — everything kept in the database, so a restarted
 * server carries on from the stored states (a device is never started twice: only QUEUED devices start).
 */
export class RolloutService {
  /** Reports refused: a skipped state, or DOWNLOADED / VERIFIED without the whole image fetched. */
  readonly stats: RolloutStats = { refusedMoves: 0, staleFailures: 0, resent: 0 };
  private readonly reports: RolloutReports;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly publisher: OtaPublisher | null,
    private readonly signer: DownloadSigner,
    private readonly now: () => Date,
    private readonly options: { publicApiUrl: string; timeouts: RolloutTimeouts; linkSeconds: number },
    private readonly log: FastifyBaseLogger,
    events: EventBus | null = null,
  ) {
    this.reports = new RolloutReports(db, audit, now, log, this.stats, events);
  }

  async create(input: NewRollout & { stages: number[] }, context: AuditContext): Promise<RolloutDetail> {
    const [image] = await this.db.select().from(firmware).where(eq(firmware.id, input.firmware_id)).limit(1);
    if (!image) throw notFound('Firmware not found');
    const targets = await this.db
      .select({ id: devices.id, type: devices.type, version: devices.firmwareVersion })
      .from(devices)
      .where(
        input.device_ids
          ? inArray(devices.id, input.device_ids)
          : and(eq(devices.type, image.deviceType), isNotNull(devices.userId)),
      )
      .orderBy(asc(devices.id));
    // Never an image to a device of another type.
    const wrongType = targets.filter((d) => d.type !== image.deviceType);
    if (wrongType.length > 0) {
      throw badRequest(`This image is for ${image.deviceType} devices`, [
        { path: 'device_ids', message: `${wrongType.length} device(s) of another type` },
      ]);
    }
    if (input.device_ids && targets.length !== new Set(input.device_ids).size)
      throw notFound('Device not found');
    const eligible = targets.filter((d) => d.version !== image.version);
    if (eligible.length === 0) throw badRequest('Every chosen device already runs this version');
    const at = this.now();
    const stages = input.stages;
    const stageOf = (index: number) =>
      stages.findIndex((percent) => index < Math.ceil((eligible.length * percent) / 100));
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(rollouts)
        .values({
          firmwareId: image.id,
          status: 'running',
          stages,
          stagePauseSeconds: input.stage_pause_seconds ?? 60,
          maxConcurrent: input.max_concurrent ?? 50,
          failureThresholdPercent: input.failure_threshold_percent ?? 20,
          windowEndsAt: new Date(at.getTime() + (input.window_hours ?? 72) * 3_600_000),
          createdBy: context.actor?.id ?? null,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: rollouts.id });
      await tx.insert(rolloutDevices).values(
        eligible.map((device, index) => ({
          rolloutId: row!.id,
          deviceId: device.id,
          stage: Math.max(0, stageOf(index)),
          state: 'QUEUED' as const,
          fromVersion: device.version,
          stateAt: at,
        })),
      );
      await this.audit.record(tx, context, {
        action: 'rollout.started',
        entity: { type: 'rollout', id: row!.id, name: `${image.deviceType} ${image.version}` },
        changes: {
          devices: { before: null, after: eligible.length },
          stages: { before: null, after: stages },
        },
      });
      return row!.id;
    });
    await this.tick();
    return this.detail(id);
  }

  /** Moves every running rollout along: timeouts, the window, stage completion (halt or advance), new starts. */
  async tick(stillHeld: () => boolean = () => true): Promise<void> {
    const running = await this.db.select().from(rollouts).where(eq(rollouts.status, 'running'));
    for (const rollout of running) {
      // Another process took the job over while this one worked (ADR 060): it ticks from here.
      if (!stillHeld()) return;
      try {
        await this.advance(rollout);
      } catch (error) {
        this.log.error({ err: error, rollout: rollout.id }, 'rollout tick failed');
      }
    }
  }

  private async advance(rollout: RolloutRow): Promise<void> {
    const at = this.now();
    const t = this.options.timeouts;
    // Timeouts: a state held too long is a failure, named after the state.
    const timedOut = await this.db
      .update(rolloutDevices)
      .set({
        state: 'FAILED',
        reason: sql`'timed out in ' || ${rolloutDevices.state}`,
        stateAt: at,
        finishedAt: at,
      })
      .where(
        and(
          eq(rolloutDevices.rolloutId, rollout.id),
          sql`${rolloutDevices.stateAt} < ${at.toISOString()}::timestamptz - make_interval(secs => case ${rolloutDevices.state}
            when 'INITIATED' then ${t.INITIATED} when 'DOWNLOADING' then ${t.DOWNLOADING}
            when 'DOWNLOADED' then ${t.DOWNLOADED} when 'VERIFIED' then ${t.VERIFIED}
            when 'UPDATING' then ${t.UPDATING} else 1e9 end)`,
          inArray(rolloutDevices.state, IN_FLIGHT),
          // Waiting to be sent its command again (after a restart): not timed out while it is offline.
          eq(rolloutDevices.resumePending, false),
        ),
      )
      .returning({ deviceId: rolloutDevices.deviceId, reason: rolloutDevices.reason });
    for (const device of timedOut)
      await this.reports.recordOutcome(rollout.id, device.deviceId, 'FAILED', device.reason);
    // The window: devices still queued (or still waiting to be sent their update again after a restart) are
    // SKIPPED, with why: offline since when, or the window closed before their turn.
    if (at >= rollout.windowEndsAt) {
      await this.db.execute(sql`
        update ${rolloutDevices} rd set state = 'SKIPPED', state_at = ${at.toISOString()}::timestamptz,
               finished_at = ${at.toISOString()}::timestamptz, resume_pending = false,
               reason = case when d.is_connected then 'the rollout window closed before its turn'
                        else 'offline since ' || to_char(coalesce(d.disconnected_at, d.created_at) at time zone 'UTC',
                                                         'YYYY-MM-DD HH24:MI "UTC"') end
        from ${devices} d
        where d.id = rd.device_id and rd.rollout_id = ${rollout.id}
          and (rd.state = 'QUEUED' or (rd.resume_pending and rd.state in ('INITIATED', 'DOWNLOADING', 'DOWNLOADED')))`);
    }

    // An offline device never holds a stage (ADR 053): a stage is done when its online devices are; the
    // offline ones stay queued (started when they connect) until the window closes. The failure rate is
    // over the devices that finished (updated or failed).
    const waitingSql = sql`(${rolloutDevices.state} = 'QUEUED' or ${rolloutDevices.resumePending}) and not ${devices.isConnected}`;
    const [stage] = await this.db
      .select({
        open: sql<number>`count(*) filter (where ${inArray(rolloutDevices.state, ['QUEUED', ...IN_FLIGHT])} and not (${waitingSql}))::int`,
        waiting: sql<number>`count(*) filter (where ${waitingSql})::int`,
        failed: sql<number>`count(*) filter (where ${rolloutDevices.state} = 'FAILED')::int`,
        finished: sql<number>`count(*) filter (where ${inArray(rolloutDevices.state, ['UPDATED', 'FAILED'])})::int`,
      })
      .from(rolloutDevices)
      .innerJoin(devices, eq(devices.id, rolloutDevices.deviceId))
      .where(
        and(
          eq(rolloutDevices.rolloutId, rollout.id),
          sql`${rolloutDevices.stage} <= ${rollout.currentStage}`,
        ),
      );
    if (stage && stage.open === 0) {
      const failureRate = stage.finished === 0 ? 0 : (100 * stage.failed) / stage.finished;
      if (failureRate > rollout.failureThresholdPercent) {
        await this.setStatus(
          rollout,
          'halted',
          'rollout.halted',
          `stage ${rollout.currentStage + 1}: ${stage.failed} of ${stage.finished} failed (over ${rollout.failureThresholdPercent}%)`,
        );
        return;
      }
      if (rollout.currentStage >= rollout.stages.length - 1) {
        // The last stage: offline devices may still connect before the window closes.
        if (stage.waiting > 0) return this.start(rollout);
        await this.setStatus(rollout, 'completed', 'rollout.completed', null);
        return;
      }
      if (!rollout.stageFinishedAt) {
        await this.db
          .update(rollouts)
          .set({ stageFinishedAt: at, updatedAt: at })
          .where(eq(rollouts.id, rollout.id));
        if (rollout.stagePauseSeconds > 0) return;
      } else if (at.getTime() - rollout.stageFinishedAt.getTime() < rollout.stagePauseSeconds * 1000) {
        return;
      }
      rollout.currentStage += 1;
      await this.db
        .update(rollouts)
        .set({ currentStage: rollout.currentStage, stageFinishedAt: null, updatedAt: at })
        .where(eq(rollouts.id, rollout.id));
    }
    await this.start(rollout);
  }

  /** Starts queued devices of the stages reached, online ones only, up to the concurrency limit. */
  private async start(rollout: RolloutRow): Promise<void> {
    if (!this.publisher) return;
    const at = this.now();
    // Devices in flight when the server started (or that reconnected), online now: their command goes out
    // again (a fresh link, a new attempt).
    const resumed = await this.db.execute<{ device_id: string; attempt: number }>(sql`
      update ${rolloutDevices} rd set resume_pending = false, attempt = rd.attempt + 1,
             state_at = ${at.toISOString()}::timestamptz
      from ${devices} d
      where d.id = rd.device_id and rd.rollout_id = ${rollout.id} and rd.resume_pending and d.is_connected
        and d.connected_at < ${new Date(at.getTime() - RESEND_SETTLE_MS).toISOString()}::timestamptz
        and rd.state in ('INITIATED', 'DOWNLOADING', 'DOWNLOADED')
      returning rd.device_id, rd.attempt`);
    const [inFlight] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rolloutDevices)
      .where(and(eq(rolloutDevices.rolloutId, rollout.id), inArray(rolloutDevices.state, IN_FLIGHT)));
    const slots = rollout.maxConcurrent - (inFlight?.n ?? 0);
    const [image] = await this.db.select().from(firmware).where(eq(firmware.id, rollout.firmwareId)).limit(1);
    if (!image) return;
    for (const row of rowsOf<{ device_id: string; attempt: number }>(resumed)) {
      this.stats.resent += 1;
      await this.sendUpdate(rollout.id, image, row.device_id, row.attempt);
    }
    if (slots <= 0) return;
    // Claimed in one statement (QUEUED → INITIATED): a device is started once, whatever else runs.
    const claimed = await this.db.execute<{ device_id: string; attempt: number }>(sql`
      update ${rolloutDevices} set state = 'INITIATED', state_at = ${at.toISOString()}::timestamptz,
             started_at = ${at.toISOString()}::timestamptz, percent = 0, attempt = attempt + 1
      where rollout_id = ${rollout.id} and device_id in (
        select rd.device_id from ${rolloutDevices} rd join ${devices} d on d.id = rd.device_id
        where rd.rollout_id = ${rollout.id} and rd.state = 'QUEUED' and rd.stage <= ${rollout.currentStage}
          and d.is_connected
        order by rd.stage, rd.device_id limit ${slots} for update of rd skip locked)
      returning device_id, attempt`);
    for (const row of rowsOf<{ device_id: string; attempt: number }>(claimed))
      await this.sendUpdate(rollout.id, image, row.device_id, row.attempt);
  }

  /** The update command to one device: a fresh signed link (bound to the device and this rollout). */
  private async sendUpdate(
    rolloutId: string,
    image: typeof firmware.$inferSelect,
    deviceId: string,
    attempt: number,
  ): Promise<void> {
    if (!this.publisher) return;
    const expires = new Date(this.now().getTime() + this.options.linkSeconds * 1000);
    const token = this.signer.sign(image.id, deviceId, expires, rolloutId);
    const command: OtaCommand = {
      rollout_id: rolloutId,
      version: image.version,
      url: `${this.options.publicApiUrl}/api/firmware/download?token=${encodeURIComponent(token)}`,
      size: image.fileSize,
      sha256: image.sha256,
      attempt,
    };
    await this.publisher
      .publish(deviceTopics(deviceId).ota, JSON.stringify(command))
      .catch((error: unknown) => {
        this.log.warn({ err: error, deviceId }, 'could not publish an update');
      });
  }

  /**
   * At server start, before the broker (ADR 053): devices in flight were left without anyone watching. Their
   * state clocks start again (the downtime is no device's fault), and those still fetching the image are
   * marked to be sent their command again — with a new attempt, so a failure they report from the old one
   * (the download the crash interrupted) is stale — as soon as they are online.
   */
  async recover(): Promise<number> {
    const at = this.now();
    const rows = await this.db.execute<{ device_id: string }>(sql`
      update ${rolloutDevices} rd
      set state_at = ${at.toISOString()}::timestamptz,
          resume_pending = rd.state in ('INITIATED', 'DOWNLOADING', 'DOWNLOADED'),
          attempt = rd.attempt + case when rd.state in ('INITIATED', 'DOWNLOADING', 'DOWNLOADED') then 1 else 0 end
      from ${rollouts} r
      where r.id = rd.rollout_id and r.status in ('running', 'paused', 'halted')
        and rd.state in ('INITIATED', 'DOWNLOADING', 'DOWNLOADED', 'VERIFIED', 'UPDATING')
      returning rd.device_id`);
    const n = rowsOf(rows).length;
    if (n > 0) this.log.info({ devices: n }, 'rollouts: devices in flight at start resume when online');
    return n;
  }

  /**
   * A device came online (the device plane): an update it was fetching, in a running rollout, is to be sent
   * again (a fresh link; it resumes the download by Range) — by the tick, once the device has been connected
   * `RESEND_SETTLE_MS` (time to subscribe again: a command published the moment it connects would be lost).
   */
  async onOnline(deviceId: string): Promise<void> {
    await this.db.execute(sql`
      update ${rolloutDevices} rd set resume_pending = true
      from ${rollouts} r
      where r.id = rd.rollout_id and r.status = 'running' and rd.device_id = ${deviceId}
        and rd.state in ('INITIATED', 'DOWNLOADING', 'DOWNLOADED')`);
  }

  /** The download route served `start`–`end` (inclusive) of the image to the device in this rollout. */
  recordServed(rolloutId: string, deviceId: string, start: number, end: number): Promise<void> {
    return this.reports.recordServed(rolloutId, deviceId, start, end);
  }

  /** A device's progress report (`RolloutReports.onStatus`). */
  onStatus(deviceId: string, status: OtaStatus, receivedAt = this.now()): Promise<void> {
    return this.reports.onStatus(deviceId, status, receivedAt);
  }

  /** A device reported its firmware version after a reboot (`RolloutReports.onVersion`). */
  onVersion(deviceId: string, version: string): Promise<void> {
    return this.reports.onVersion(deviceId, version);
  }

  private async setStatus(
    rollout: RolloutRow,
    status: RolloutRow['status'],
    action:
      | 'rollout.halted'
      | 'rollout.completed'
      | 'rollout.paused'
      | 'rollout.resumed'
      | 'rollout.cancelled'
      | 'rollout.retried',
    reason: string | null,
    context: AuditContext = SYSTEM_CONTEXT,
  ) {
    const at = this.now();
    await this.db.transaction(async (tx) => {
      await tx.update(rollouts).set({ status, reason, updatedAt: at }).where(eq(rollouts.id, rollout.id));
      await this.audit.record(tx, context, {
        action,
        entity: { type: 'rollout', id: rollout.id, name: null },
        changes: {
          status: { before: rollout.status, after: status },
          ...(reason ? { reason: { before: null, after: reason } } : {}),
        },
      });
    });
  }

  /** Pause, resume, cancel (queued devices are released) or retry the failed devices. */
  async act(id: string, action: RolloutAction, context: AuditContext): Promise<RolloutDetail> {
    const [rollout] = await this.db.select().from(rollouts).where(eq(rollouts.id, id)).limit(1);
    if (!rollout) throw notFound('Rollout not found');
    const final = rollout.status === 'cancelled' || rollout.status === 'completed';
    if (action === 'pause') {
      if (rollout.status !== 'running') throw badRequest('Only a running rollout can be paused');
      await this.setStatus(rollout, 'paused', 'rollout.paused', null, context);
    } else if (action === 'resume') {
      if (rollout.status !== 'paused' && rollout.status !== 'halted')
        throw badRequest('Only a paused or halted rollout can be resumed');
      await this.setStatus(rollout, 'running', 'rollout.resumed', null, context);
    } else if (action === 'cancel') {
      if (final) throw badRequest('This rollout has ended');
      await this.db
        .update(rolloutDevices)
        .set({ state: 'CANCELLED', stateAt: this.now(), finishedAt: this.now() })
        .where(and(eq(rolloutDevices.rolloutId, id), eq(rolloutDevices.state, 'QUEUED')));
      await this.setStatus(rollout, 'cancelled', 'rollout.cancelled', null, context);
    } else {
      if (rollout.status === 'cancelled') throw badRequest('A cancelled rollout cannot be retried');
      await this.db
        .update(rolloutDevices)
        .set({ state: 'QUEUED', reason: null, percent: null, stateAt: this.now(), finishedAt: null })
        .where(and(eq(rolloutDevices.rolloutId, id), eq(rolloutDevices.state, 'FAILED')));
      await this.setStatus(rollout, 'running', 'rollout.retried', null, context);
    }
    await this.tick();
    return this.detail(id);
  }

  /**
   * A page of rollouts in the query's order (newest first by default) with their counts: two queries (the
   * page with its images and total, one grouped count).
   */
  async list(query: RolloutListQuery): Promise<RolloutList> {
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ rollout: rollouts, image: firmware, total: totalCount() })
      .from(rollouts)
      .innerJoin(firmware, eq(firmware.id, rollouts.firmwareId))
      .orderBy(...sortedBy(ROLLOUT_SORT_COLUMNS, query, rollouts.id))
      .limit(limit)
      .offset(offset);
    const counted = await this.countStates(rows.map((r) => r.rollout.id));
    const total = await pageTotal(rows, query, () => this.db.$count(rollouts));
    return listPage(
      'rollouts',
      rows.map((r) => presentRollout(r, counted.get(r.rollout.id) ?? [])),
      query,
      total,
    );
  }

  /** Devices per state of each rollout (one grouped query). */
  private async countStates(ids: string[]) {
    const byRollout = new Map<string, { state: RolloutDeviceState; n: number }[]>();
    if (ids.length === 0) return byRollout;
    const counted = await this.db
      .select({
        rolloutId: rolloutDevices.rolloutId,
        state: rolloutDevices.state,
        n: sql<number>`count(*)::int`,
      })
      .from(rolloutDevices)
      .where(inArray(rolloutDevices.rolloutId, ids))
      .groupBy(rolloutDevices.rolloutId, rolloutDevices.state);
    for (const c of counted) {
      const list = byRollout.get(c.rolloutId) ?? [];
      list.push({ state: c.state, n: c.n });
      byRollout.set(c.rolloutId, list);
    }
    return byRollout;
  }

  async detail(id: string, withDevices = true): Promise<RolloutDetail> {
    const [row] = await this.db
      .select({ rollout: rollouts, image: firmware })
      .from(rollouts)
      .innerJoin(firmware, eq(firmware.id, rollouts.firmwareId))
      .where(eq(rollouts.id, id))
      .limit(1);
    if (!row) throw notFound('Rollout not found');
    const counted = (await this.countStates([id])).get(id) ?? [];
    const list = withDevices
      ? await this.db
          .select({ row: rolloutDevices, name: devices.name })
          .from(rolloutDevices)
          .innerJoin(devices, eq(devices.id, rolloutDevices.deviceId))
          .where(eq(rolloutDevices.rolloutId, id))
          .orderBy(asc(rolloutDevices.stage), asc(rolloutDevices.deviceId))
          .limit(1000)
      : [];
    return {
      rollout: presentRollout(row, counted),
      devices: list.map(({ row: d, name }) => presentRolloutDevice(d, name)),
    };
  }

  /** Runs `tick` every `everyMs` (never two at once); the returned function stops it. */
  schedule(everyMs: number, leases: JobLeases | null = null): () => void {
    return every('rollout tick', everyMs, (stillHeld) => this.tick(stillHeld), this.log, { leases });
  }
}
