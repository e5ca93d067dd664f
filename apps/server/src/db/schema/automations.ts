import { AUTOMATION_RUN_OUTCOMES, type AutomationDefinition, type AutomationRun } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { holderHome, homes } from './homes.ts';
import { users } from './users.ts';

/** What an air-quality trigger's watch remembers between readings (engine `WatchState`, persisted on change). */
export type StoredWatch =
  | { phase: 'idle' }
  | { phase: 'pending'; since: number }
  /** `acted`: the run changed a device, so the clear actions run when the value comes back. */
  | { phase: 'fired'; acted?: boolean };

/** An owner's automation (issue 33): WHEN its trigger, IF its conditions, THEN its actions. */
export const automations = pgTable(
  'automations',
  {
    id: id(),
    /** The home it acts in (issue 32, ADR 069); `user_id` is who made it. */
    homeId: text('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' })
      .$defaultFn(holderHome),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    definition: jsonb('definition').$type<AutomationDefinition>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The device an air-quality or device trigger watches (the engine looks automations up by it). */
    triggerDeviceId: text('trigger_device_id'),
    /** 'air_quality' | 'schedule' | 'device' (the definition's trigger kind, indexed for the schedule job). */
    triggerKind: text('trigger_kind').notNull(),
    watch: jsonb('watch').$type<StoredWatch>().notNull().default({ phase: 'idle' }),
    /** Schedules: the next run; the schedule job runs those due. */
    nextRunAt: timestamptz('next_run_at'),
    lastRunAt: timestamptz('last_run_at'),
    lastOutcome: text('last_outcome', { enum: AUTOMATION_RUN_OUTCOMES }),
    /** The purifier whose auto mode this automation is (one per purifier; its device settings edit it). */
    autoModeDeviceId: text('auto_mode_device_id').references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('automations_user_idx').on(t.userId, t.createdAt),
    index('automations_home_idx').on(t.homeId, t.createdAt),
    index('automations_trigger_device_idx')
      .on(t.triggerDeviceId)
      .where(sql`${t.enabled}`),
    uniqueIndex('automations_auto_mode_idx').on(t.autoModeDeviceId),
    index('automations_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.enabled} and ${t.triggerKind} = 'schedule'`),
  ],
);

/** Each run of an automation: what triggered it, each step's outcome, the run's. */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: id(),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishedAt: timestamptz('finished_at'),
    outcome: text('outcome', { enum: AUTOMATION_RUN_OUTCOMES }).notNull(),
    steps: jsonb('steps').$type<AutomationRun['steps']>().notNull(),
  },
  (t) => [index('automation_runs_automation_idx').on(t.automationId, t.startedAt.desc())],
);

export type AutomationRow = typeof automations.$inferSelect;
