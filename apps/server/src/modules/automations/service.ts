import {
  AUTOMATION_MSG,
  DEFAULT_TIME_ZONE,
  type Automation,
  type AutomationDefinition,
  type AutomationRun,
  type PageQuery,
} from '@isaac/contract';
import { and, asc, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { listPage, newestFirst, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { automationRuns, automations, devices, homes, type AutomationRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { currentHome, scopeCondition } from '../../policy/policy.ts';
import { homeOf, type Scope } from '../../policy/scope.ts';
import { syncAutoThreshold } from './auto-mode.ts';
import { nextRun } from './engine/schedule.ts';

/** Every device a definition names, with what it must be able to do. */
function devicesNamed(
  definition: AutomationDefinition,
): { id: string; needs: 'air' | 'fan' | 'gang' | 'any'; gang?: number }[] {
  const named: { id: string; needs: 'air' | 'fan' | 'gang' | 'any'; gang?: number }[] = [];
  const trigger = definition.trigger;
  if (trigger.kind === 'air_quality') named.push({ id: trigger.device_id, needs: 'air' });
  if (trigger.kind === 'device') named.push({ id: trigger.device_id, needs: 'any' });
  for (const c of definition.conditions)
    if (c.kind === 'device_is') named.push({ id: c.device_id, needs: 'any' });
  for (const a of [...definition.actions, ...definition.clear_actions]) {
    if (a.kind !== 'device') continue;
    if (a.command.kind === 'fan_speed') named.push({ id: a.device_id, needs: 'fan' });
    else if (a.command.kind === 'gang') named.push({ id: a.device_id, needs: 'gang', gang: a.command.index });
    else named.push({ id: a.device_id, needs: 'any' });
  }
  return named;
}

/**
 * An owner's automations (issue 33): create, change, switch on/off, delete, and their runs. Every device an
 * automation names must be the owner's and able to do what is asked (a sensor or purifier for air quality,
 * a purifier for fan speed, a Lumos switch with that gang) — checked here, not only in the form.
 */
/** The automations of the scope's current home (issue 32, ADR 069: they belong to the home, not a login). */
const ofHome = (scope: Scope) =>
  sql`${automations.homeId} = ${currentHome(scope.userId, scope.home ?? null)}`;

export class AutomationService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(scope: Scope): Promise<Automation[]> {
    const rows = await this.db
      .select()
      .from(automations)
      .where(ofHome(scope))
      .orderBy(asc(automations.createdAt), asc(automations.id));
    return rows.map(presentAutomation);
  }

  async get(scope: Scope, id: string): Promise<Automation> {
    return presentAutomation(await this.row(scope, id));
  }

  async create(scope: Scope, definition: AutomationDefinition): Promise<Automation> {
    await this.checkDevices(scope, definition);
    const [home] = await this.db
      .select({ timeZone: homes.timeZone })
      .from(homes)
      .where(sql`${homes.id} = ${currentHome(scope.userId, scope.home ?? null)}`);
    const [row] = await this.db
      .insert(automations)
      .values({
        userId: scope.userId,
        homeId: homeOf(scope)?.homeId,
        // No home yet: the row's trigger makes the person one, in the default time zone.
        ...this.columnsOf(definition, home?.timeZone ?? DEFAULT_TIME_ZONE),
        createdAt: this.now(),
        updatedAt: this.now(),
      })
      .returning();
    return presentAutomation(row!);
  }

  /** Replaces the definition; the watch starts again (a changed threshold must not carry the old state). */
  async update(scope: Scope, id: string, definition: AutomationDefinition): Promise<Automation> {
    const { timeZone } = await this.row(scope, id);
    await this.checkDevices(scope, definition);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(automations)
        .set({ ...this.columnsOf(definition, timeZone), watch: { phase: 'idle' }, updatedAt: this.now() })
        .where(and(eq(automations.id, id), ofHome(scope)))
        .returning();
      await syncAutoThreshold(tx, row!);
      return presentAutomation(row!);
    });
  }

  async setEnabled(scope: Scope, id: string, enabled: boolean): Promise<Automation> {
    const current = await this.row(scope, id);
    return this.update(scope, id, { ...current.definition, enabled });
  }

  async remove(scope: Scope, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(automations)
        .where(and(eq(automations.id, id), ofHome(scope)))
        .returning();
      if (!row) throw notFound(AUTOMATION_MSG.notFound);
      await syncAutoThreshold(tx, row, true);
    });
  }

  async runs(scope: Scope, id: string, query: PageQuery) {
    await this.row(scope, id);
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ run: automationRuns, total: totalCount() })
      .from(automationRuns)
      .where(eq(automationRuns.automationId, id))
      .orderBy(...newestFirst(automationRuns.startedAt, automationRuns.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, async () => {
      const [r] = await this.db
        .select({ n: count() })
        .from(automationRuns)
        .where(eq(automationRuns.automationId, id));
      return r?.n ?? 0;
    });
    const items: AutomationRun[] = rows.map(({ run }) => ({
      _id: run.id,
      trigger: run.trigger,
      started_at: run.startedAt.toISOString(),
      finished_at: run.finishedAt?.toISOString() ?? null,
      outcome: run.outcome,
      steps: run.steps,
    }));
    return listPage('runs', items, query, total);
  }

  /** One automation of the scope's home, with the home's time zone (its schedule's clock). */
  private async row(scope: Scope, id: string): Promise<AutomationRow & { timeZone: string }> {
    const [row] = await this.db
      .select({ ...getTableColumns(automations), timeZone: homes.timeZone })
      .from(automations)
      .innerJoin(homes, eq(homes.id, automations.homeId))
      .where(and(eq(automations.id, id), ofHome(scope)));
    if (!row) throw notFound(AUTOMATION_MSG.notFound);
    return row;
  }

  /**
   * A home's time zone changed (issue 33): every schedule of the home gets its next run on the new wall clock,
   * in the transaction of the change (the homes module announces it; ADR 063's events).
   */
  async rescheduleHome(tx: Db | Tx, homeId: string, timeZone: string): Promise<number> {
    const schedules = await tx
      .select({ id: automations.id, definition: automations.definition })
      .from(automations)
      .where(and(eq(automations.homeId, homeId), eq(automations.triggerKind, 'schedule')))
      .for('update');
    for (const { id, definition } of schedules) {
      const trigger = definition.trigger;
      if (trigger.kind !== 'schedule') continue;
      await tx
        .update(automations)
        .set({ nextRunAt: nextRun(trigger, timeZone, this.now()) })
        .where(eq(automations.id, id));
    }
    return schedules.length;
  }

  /** The stored columns of a definition; a schedule's next run on the home's wall clock (`timeZone`). */
  private columnsOf(given: AutomationDefinition, timeZone: string) {
    const trigger =
      given.trigger.kind === 'schedule'
        ? { ...given.trigger, days: [...given.trigger.days].sort((a, b) => a - b) }
        : given.trigger;
    const definition = { ...given, trigger };
    return {
      name: definition.name,
      definition,
      enabled: definition.enabled,
      triggerKind: trigger.kind,
      triggerDeviceId: trigger.kind === 'schedule' ? null : trigger.device_id,
      nextRunAt: trigger.kind === 'schedule' ? nextRun(trigger, timeZone, this.now()) : null,
    };
  }

  private async checkDevices(scope: Scope, definition: AutomationDefinition): Promise<void> {
    const named = devicesNamed(definition);
    if (named.length === 0) return;
    const ids = [...new Set(named.map((n) => n.id))];
    const found = await this.db
      .select({ id: devices.id, type: devices.type, gangs: devices.gangCount })
      .from(devices)
      .where(and(inArray(devices.id, ids), scopeCondition('device', scope)));
    const byId = new Map(found.map((d) => [d.id, d]));
    for (const n of named) {
      const device = byId.get(n.id);
      if (!device)
        throw badRequest(AUTOMATION_MSG.deviceNotYours, [
          { path: 'device_id', message: AUTOMATION_MSG.deviceNotYours },
        ]);
      const able =
        n.needs === 'any' ||
        (n.needs === 'air' && (device.type === 'skywalker' || device.type === 'isaac')) ||
        (n.needs === 'fan' && device.type === 'isaac') ||
        (n.needs === 'gang' && device.type === 'lumos' && (n.gang ?? 0) < (device.gangs ?? 0));
      if (!able)
        throw badRequest(AUTOMATION_MSG.wrongDeviceType, [
          { path: 'device_id', message: AUTOMATION_MSG.wrongDeviceType },
        ]);
    }
  }
}

export function presentAutomation(row: AutomationRow): Automation {
  const d = row.definition;
  return {
    _id: row.id,
    name: row.name,
    enabled: row.enabled,
    trigger: d.trigger,
    conditions: d.conditions,
    actions: d.actions,
    clear_actions: d.clear_actions ?? [],
    auto_mode_for: row.autoModeDeviceId,
    max_toggles_per_hour: d.max_toggles_per_hour,
    manual_override_minutes: d.manual_override_minutes,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    last_outcome: row.lastOutcome,
    next_run_at: row.enabled ? (row.nextRunAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
