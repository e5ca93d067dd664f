import { ROLLOUT_IN_FLIGHT_STATES, type OtaStatus, type RolloutDeviceState } from '@isaac/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../events.ts';
import type { Db } from '../../db/client.ts';
import { KeyedQueue } from '../../keyed-queue.ts';
import { devices, firmware, rolloutDevices, rollouts } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/rows.ts';
import { SYSTEM_CONTEXT, type AuditLog } from '../audit/audit-log.ts';

/** The states in which a device's reboot ends its update (see `onVersion`). */
const REBOOTING: RolloutDeviceState[] = ['VERIFIED', 'UPDATING'];

/** A device being updated right now (its reports move it along). */
export const IN_FLIGHT: readonly RolloutDeviceState[] = ROLLOUT_IN_FLIGHT_STATES;
/** The order a device's update goes through; a report may only move it forward. */
const ORDER: readonly RolloutDeviceState[] = ['QUEUED', ...IN_FLIGHT, 'UPDATED'];
/**
 * The moves a device's report may make (ADR 053): one step at a time, never skipping a state (DOWNLOADING
 * repeats with its percent). UPDATING → UPDATED is the device's reboot on the new version (`onVersion`).
 */
const NEXT: Partial<Record<RolloutDeviceState, OtaStatus['state'][]>> = {
  INITIATED: ['DOWNLOADING'],
  DOWNLOADING: ['DOWNLOADING', 'DOWNLOADED'],
  DOWNLOADED: ['VERIFIED'],
  VERIFIED: ['UPDATING'],
};

/** Reports refused (a skipped state, or DOWNLOADED / VERIFIED without the whole image fetched) and the like. */
export interface RolloutStats {
  refusedMoves: number;
  staleFailures: number;
  resent: number;
}

/**
 * What the devices say of their updates (ADR 053): their progress reports, the firmware version they come back
 * on, and the byte ranges the download route served them — each device's reports handled one after another,
 * in the order they arrived. The rollout's own moves (stages, starts, timeouts) are `RolloutService`'s.
 */
export class RolloutReports {
  /** Each device's reports handled one after another, in the order they arrived (progress and version). */
  private readonly reports = new KeyedQueue();
  /** Download evidence being written, per rollout device (a report of DOWNLOADED waits for it). */
  private readonly recording = new KeyedQueue();

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly stats: RolloutStats,
    private readonly events: EventBus | null = null,
  ) {}

  /** The download route served `start`–`end` (inclusive) of the image to the device in this rollout. */
  recordServed(rolloutId: string, deviceId: string, start: number, end: number): Promise<void> {
    return this.recording
      .run(`${rolloutId}/${deviceId}`, async () => {
        await this.db.execute(sql`
          update ${rolloutDevices}
          set served_ranges = served_ranges + int8multirange(int8range(${start}::bigint, ${end + 1}::bigint))
          where rollout_id = ${rolloutId} and device_id = ${deviceId}`);
      })
      .catch((error: unknown) => this.log.warn({ err: error, deviceId }, 'could not record a download'));
  }

  /** Whether the device fetched every byte of the rollout's image (all its ranges together). */
  private async fetchedWhole(rolloutId: string, deviceId: string): Promise<boolean> {
    const check = async () => {
      await this.recording.idle(`${rolloutId}/${deviceId}`);
      const result = await this.db.execute<{ whole: boolean }>(sql`
        select rd.served_ranges @> int8range(0, f.file_size::bigint) as whole
        from ${rolloutDevices} rd join ${rollouts} r on r.id = rd.rollout_id join ${firmware} f on f.id = r.firmware_id
        where rd.rollout_id = ${rolloutId} and rd.device_id = ${deviceId}`);
      return rowsOf<{ whole: boolean }>(result)[0]?.whole === true;
    };
    // The last range's record is written once its bytes have left; its report may overtake it by a moment.
    for (let i = 0; i < 5; i += 1) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  /**
   * A device's progress report (ADR 053): one step forward at a time (a skipped state is refused), DOWNLOADED
   * and VERIFIED only once the download route served it the whole image, FAILED at any time — unless it is
   * about an older attempt (what a restart interrupted: the command has gone out again). Final is final.
   * The new state counts from `receivedAt`, when the report arrived, not from when its turn came: a device
   * that reports UPDATING and reboots at once is back (its new connection stamped) before a busy server
   * has handled that report, and `onVersion` must still see the reboot as coming after it.
   */
  onStatus(deviceId: string, status: OtaStatus, receivedAt: Date): Promise<void> {
    return this.reports.run(deviceId, () => this.applyStatus(deviceId, status, receivedAt));
  }

  private async applyStatus(deviceId: string, status: OtaStatus, at: Date): Promise<void> {
    const [row] = await this.db
      .select()
      .from(rolloutDevices)
      .where(and(eq(rolloutDevices.rolloutId, status.rollout_id), eq(rolloutDevices.deviceId, deviceId)))
      .limit(1);
    if (!row || !IN_FLIGHT.includes(row.state)) return;
    if (status.state === 'FAILED') {
      if (status.attempt !== undefined && status.attempt < row.attempt) {
        this.stats.staleFailures += 1;
        this.log.info(
          { deviceId, attempt: status.attempt },
          'a failure of an earlier update attempt ignored',
        );
        return;
      }
      const reason = status.reason ?? 'the device reported a failure';
      const [failed] = await this.db
        .update(rolloutDevices)
        .set({ state: 'FAILED', reason, stateAt: at, finishedAt: at, resumePending: false })
        .where(
          and(
            eq(rolloutDevices.rolloutId, row.rolloutId),
            eq(rolloutDevices.deviceId, deviceId),
            inArray(rolloutDevices.state, IN_FLIGHT),
          ),
        )
        .returning({ deviceId: rolloutDevices.deviceId });
      if (failed) await this.recordOutcome(row.rolloutId, deviceId, 'FAILED', reason);
      return;
    }
    if (!(NEXT[row.state] ?? []).includes(status.state)) {
      // A report of a state already passed (a late duplicate) is harmless; a move that skips one is refused.
      if (ORDER.indexOf(status.state) > ORDER.indexOf(row.state))
        this.refuse(deviceId, row.state, status.state);
      return;
    }
    if (
      (status.state === 'DOWNLOADED' || status.state === 'VERIFIED') &&
      !(await this.fetchedWhole(row.rolloutId, deviceId))
    ) {
      this.refuse(deviceId, row.state, status.state, 'the image was not fetched whole');
      return;
    }
    await this.db
      .update(rolloutDevices)
      .set({
        state: status.state,
        percent: status.percent !== undefined ? Math.round(status.percent) : row.percent,
        ...(status.state === row.state ? {} : { stateAt: at }),
      })
      .where(
        and(
          eq(rolloutDevices.rolloutId, row.rolloutId),
          eq(rolloutDevices.deviceId, deviceId),
          eq(rolloutDevices.state, row.state),
        ),
      );
  }

  private refuse(deviceId: string, from: string, to: string, why = 'a state was skipped') {
    this.stats.refusedMoves += 1;
    this.log.warn({ deviceId, from, to }, `rollout report refused: ${why}`);
  }

  /**
   * A device reported its firmware version (after a reboot): UPDATED from UPDATING, on the new version;
   * back on the old one — from a connection made after it began updating (a reboot, not a reconnect that
   * reports the version it still runs) — FAILED 'rebooted on the previous version'. VERIFIED counts as
   * UPDATING here: a device reboots into the update right after its UPDATING report, and that last message
   * can be lost with the connection (a power cut, a forced close) — the reboot still says what happened.
   */
  onVersion(deviceId: string, version: string): Promise<void> {
    return this.reports.run(deviceId, () => this.applyVersion(deviceId, version));
  }

  private async applyVersion(deviceId: string, version: string): Promise<void> {
    const rows = await this.db
      .select({ row: rolloutDevices, target: firmware.version, connectedAt: devices.connectedAt })
      .from(rolloutDevices)
      .innerJoin(rollouts, eq(rollouts.id, rolloutDevices.rolloutId))
      .innerJoin(firmware, eq(firmware.id, rollouts.firmwareId))
      .innerJoin(devices, eq(devices.id, rolloutDevices.deviceId))
      .where(and(eq(rolloutDevices.deviceId, deviceId), inArray(rolloutDevices.state, REBOOTING)));
    const at = this.now();
    for (const { row, target, connectedAt } of rows) {
      const updated = version === target;
      if (!updated && !(connectedAt && connectedAt > row.stateAt)) continue;
      const reason = updated ? null : 'rebooted on the previous version';
      const [ended] = await this.db
        .update(rolloutDevices)
        .set({
          state: updated ? 'UPDATED' : 'FAILED',
          percent: updated ? 100 : row.percent,
          reason,
          stateAt: at,
          finishedAt: at,
        })
        .where(
          and(
            eq(rolloutDevices.rolloutId, row.rolloutId),
            eq(rolloutDevices.deviceId, deviceId),
            eq(rolloutDevices.state, row.state),
          ),
        )
        .returning({ deviceId: rolloutDevices.deviceId });
      if (ended) await this.recordOutcome(row.rolloutId, deviceId, updated ? 'UPDATED' : 'FAILED', reason);
      if (ended && updated) this.events?.announce('device.firmware_updated', { deviceId, version });
    }
  }

  /** The activity-log entry of a device's update ending (by its report, its reboot or a timeout). */
  async recordOutcome(
    rolloutId: string,
    deviceId: string,
    state: 'UPDATED' | 'FAILED',
    reason: string | null,
  ) {
    const [device] = await this.db
      .select({ name: devices.name })
      .from(devices)
      .where(eq(devices.id, deviceId));
    await this.audit.record(this.db, SYSTEM_CONTEXT, {
      action: state === 'UPDATED' ? 'rollout.device_updated' : 'rollout.device_failed',
      entity: { type: 'device', id: deviceId, name: device?.name ?? null },
      changes: {
        rollout: { before: null, after: rolloutId },
        ...(reason ? { reason: { before: null, after: reason } } : {}),
      },
    });
  }
}
