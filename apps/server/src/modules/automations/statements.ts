import { and, eq, getTableColumns, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Reusable } from '../../db/reusable.ts';
import { Statements } from '../../db/statements.ts';
import { automations, homes, type AutomationRow } from '../../db/schema/index.ts';

/**
 * An automation with its home's time zone (issue 33: schedules and "between" windows are the home's wall
 * clock), read in the same statement as the automation (`withZone`): no second read per run.
 */
export type HomeAutomation = AutomationRow & { timeZone: string };
/** The columns of a `HomeAutomation`: selected from `automations` joined to its home (`homeOfAutomation`). */
export const withZone = { ...getTableColumns(automations), timeZone: homes.timeZone };
export const homeOfAutomation = eq(homes.id, automations.homeId);

/** The trigger kinds whose automations are found by the device they watch. */
type DeviceTriggerKind = 'air_quality' | 'device';

/**
 * `column` is one of the ids given as one JSON array (the placeholder `ids`): one statement text whatever
 * the number of ids, so it is prepared once, where an `IN ($1, …, $n)` list was a new text — built by
 * Drizzle, parsed and planned by the database — for each batch size. As `= any(array(…))` the ids are one
 * value the plan looks up in the column's index; as `in (select …)` the generic plan joined them to a scan
 * of the whole table.
 */
const oneOfIds = (column: Column) =>
  sql`${column} = any(array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)))`;

/**
 * The engine's statements on its hot paths (every readings batch, every run), each built and prepared once
 * (ADR 017, ADR 040): the automations watching a batch's devices, their watches locked and stored, the
 * fired watches marked acted. Run them with `{ ids: JSON.stringify([...]) }` (and `watches` to store).
 */
export function runnerStatements(db: Db) {
  return {
    /** The enabled automations of one trigger kind that watch any of the devices `ids`. */
    watching: new Statements('automations_watching', (kind: DeviceTriggerKind, name) =>
      db
        .select(withZone)
        .from(automations)
        .innerJoin(homes, homeOfAutomation)
        .where(
          and(
            eq(automations.enabled, true),
            eq(automations.triggerKind, kind),
            oneOfIds(automations.triggerDeviceId),
          ),
        )
        .prepare(name),
    ),
    /** The automations `ids` under their row locks, in id order (in the readings' transaction). */
    lockWatches: Statements.one(
      'automations_lock_watches',
      (name) =>
        new Reusable(
          db
            .select(withZone)
            .from(automations)
            .innerJoin(homes, homeOfAutomation)
            .where(oneOfIds(automations.id))
            .orderBy(automations.id)
            .for('update', { of: automations })
            .prepare(name),
        ),
    ),
    /** Each automation's new watch, from `watches` (a JSON array of `{ id, watch }`), in one statement. */
    storeWatches: Statements.one(
      'automations_store_watches',
      (name) =>
        new Reusable(
          db
            .update(automations)
            .set({ watch: sql`c.watch` })
            .from(sql`jsonb_to_recordset(${sql.placeholder('watches')}::jsonb) as c(id text, watch jsonb)`)
            .where(sql`${automations.id} = c.id`)
            .prepare(name),
        ),
    ),
    /** The fired watches of `ids` remember that their run changed a device (their clear actions will run). */
    markActed: Statements.one('automations_mark_acted', (name) =>
      db
        .update(automations)
        .set({ watch: { phase: 'fired', acted: true } })
        .where(and(oneOfIds(automations.id), sql`${automations.watch}->>'phase' = 'fired'`))
        .prepare(name),
    ),
  };
}
