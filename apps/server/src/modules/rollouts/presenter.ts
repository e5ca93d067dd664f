import {
  ROLLOUT_DEVICE_STATES,
  type Rollout,
  type RolloutDevice,
  type RolloutDeviceState,
} from '@isaac/contract';
import type { FirmwareRow, RolloutDeviceRow, RolloutRow } from '../../db/schema/index.ts';

/** A rollout with its image and its devices per state (contract `Rollout`). */
export function presentRollout(
  row: { rollout: RolloutRow; image: FirmwareRow },
  counted: { state: RolloutDeviceState; n: number }[],
): Rollout {
  const counts = Object.fromEntries(ROLLOUT_DEVICE_STATES.map((s) => [s, 0])) as Record<
    RolloutDeviceState,
    number
  >;
  for (const c of counted) counts[c.state] = c.n;
  return {
    _id: row.rollout.id,
    firmware: {
      _id: row.image.id,
      version: row.image.version,
      device_type: row.image.deviceType,
      filename: row.image.filename,
    },
    status: row.rollout.status,
    stages: row.rollout.stages,
    current_stage: row.rollout.currentStage,
    max_concurrent: row.rollout.maxConcurrent,
    failure_threshold_percent: row.rollout.failureThresholdPercent,
    reason: row.rollout.reason,
    counts,
    total: counted.reduce((sum, c) => sum + c.n, 0),
    created_at: row.rollout.createdAt.toISOString(),
  };
}

/** A device's place in a rollout (contract `RolloutDevice`). */
export function presentRolloutDevice(d: RolloutDeviceRow, name: string): RolloutDevice {
  return {
    device_id: d.deviceId,
    name,
    stage: d.stage,
    state: d.state,
    percent: d.percent,
    reason: d.reason,
    from_version: d.fromVersion,
    started_at: d.startedAt?.toISOString() ?? null,
    finished_at: d.finishedAt?.toISOString() ?? null,
    state_at: d.stateAt.toISOString(),
  };
}
