import { ROLLOUT_DEVICE_STATES, ROLLOUT_STATUSES } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { firmware } from './firmware.ts';
import { users } from './users.ts';

/** A set of byte ranges (PostgreSQL's int8multirange, text form `{[0,1024),[2048,4096)}`). */
const byteRanges = customType<{ data: string; driverData: string }>({ dataType: () => 'int8multirange' });

/**
 * A staged firmware rollout (issue 14): one image to a set of devices, stage by stage (percentages of the
 * devices), at most `max_concurrent` updating at once, halted when a stage's failure rate passes the threshold.
 */
export const rollouts = pgTable(
  'rollouts',
  {
    id: id(),
    firmwareId: text('firmware_id')
      .notNull()
      .references(() => firmware.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ROLLOUT_STATUSES }).notNull(),
    stages: integer('stages').array().notNull(),
    currentStage: integer('current_stage').notNull().default(0),
    stagePauseSeconds: integer('stage_pause_seconds').notNull(),
    /** When the current stage finished (the next starts `stage_pause_seconds` later). */
    stageFinishedAt: timestamptz('stage_finished_at'),
    maxConcurrent: integer('max_concurrent').notNull(),
    failureThresholdPercent: integer('failure_threshold_percent').notNull(),
    /** Devices offline when their turn comes wait until then; still queued after it: FAILED. */
    windowEndsAt: timestamptz('window_ends_at').notNull(),
    reason: text('reason'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rollouts_status_idx')
      .on(t.status)
      .where(sql`${t.status} in ('running', 'paused')`),
  ],
);

export const rolloutDevices = pgTable(
  'rollout_devices',
  {
    rolloutId: text('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    state: text('state', { enum: ROLLOUT_DEVICE_STATES }).notNull(),
    percent: integer('percent'),
    reason: text('reason'),
    fromVersion: text('from_version'),
    stateAt: timestamptz('state_at').notNull(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    /**
     * Which update command the device is on (ADR 053): raised every time the command is sent again (server
     * start, reconnect); a report naming an older attempt is stale and ignored.
     */
    attempt: integer('attempt').notNull().default(0),
    /** In flight when the server started: its command goes out again when it is online (never timed out meanwhile). */
    resumePending: boolean('resume_pending').notNull().default(false),
    /** The bytes of the image the download route served this device in this rollout (all ranges together). */
    servedRanges: byteRanges('served_ranges')
      .notNull()
      .default(sql`'{}'::int8multirange`),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.deviceId] }),
    index('rollout_devices_state_idx').on(t.rolloutId, t.state),
    index('rollout_devices_device_idx').on(t.deviceId),
  ],
);

export type RolloutRow = typeof rollouts.$inferSelect;
export type RolloutDeviceRow = typeof rolloutDevices.$inferSelect;
