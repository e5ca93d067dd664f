import {
  airQualityOf,
  HOME_PERMISSIONS,
  localClock,
  minutesOf,
  thresholdHysteresis,
  withinWindow,
  OWNER_PATHS,
  ROLE,
  type AqiScale,
  type AutomationAction,
  type AutomationCondition,
  type AutomationDefinition,
  type AutomationRun,
  type AutomationRunOutcome,
  type DeviceEvent,
} from '@isaac/contract';
import { and, eq, getTableColumns, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { jsonList } from '../../db/json-rows.ts';
import {
  automationRuns,
  automations,
  deviceActivity,
  devices,
  homeMembers,
  homes,
  type AutomationRow,
  type DeviceRow,
  type StoredWatch,
} from '../../db/schema/index.ts';
import { every } from '../../jobs.ts';
import type { JobLeases } from '../../leases.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import type { DeviceCommandService } from '../device-commands/service.ts';
import { audienceOf } from '../../policy/policy.ts';
import type { NotificationInput, NotificationService } from '../notifications/service.ts';
import { mayToggle } from './engine/limits.ts';
import { commandPhrase, eventPhrase, stateWord } from './engine/phrases.ts';
import { nextRun } from './engine/schedule.ts';
import { observe, type WatchState } from './engine/threshold.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A failing automation tells its owner once in this time (not on every reading). */
const FAILURE_NOTICE_MS = 6 * HOUR_MS;
/** Channels of a person's own commands: they override automations for a while. */
const MANUAL_CHANNELS = ['web', 'voice', 'api'];
const SCHEDULES_JOB = 'automations.schedules';
/** The look for due schedules just after each minute begins comes this long after it (timers are not exact). */
const MINUTE_WAKE_DELAY_MS = 50;
/** Runs started side by side from the readings (a batch's fired watches); the rest wait for a free slot. */
const RUNS_AT_ONCE = 16;
/** A minute's schedules side by side: a run mostly waits for its device's acknowledgement, holding no
 *  connection (its statements queue for the pool), so more wait at once than readings' runs (ADR 075). */
const SCHEDULED_RUNS_AT_ONCE = 64;

/** `work` on every item, at most `limit` at a time; resolves when all are done (a failure is thrown after). */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch((error: unknown) => void errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (errors.length > 0) throw errors[0];
}

export interface RunnerOptions {
  aqiScale: AqiScale;
  /** A schedule missed by at most this much (the server was down) still runs once; older ones are skipped. */
  catchUpMs: number;
  /** How often the schedule job looks for due schedules (under a minute: also just after each minute begins). */
  scheduleTickMs: number;
}

type Step = AutomationRun['steps'][number];
/**
 * A step as a run makes it: a failed device step also names its failure for the notice, in the reader's
 * language (the run's stored record keeps the English detail).
 */
type RunStep = Step & { failure?: { key: 'stepOffline' | 'stepRefused'; name: string } };
/**
 * An automation with its home's time zone (issue 33: schedules and "between" windows are the home's wall
 * clock), read in the same statement as the automation (`withZone`): no second read per run.
 */
export type HomeAutomation = AutomationRow & { timeZone: string };
/** The columns of a `HomeAutomation`: selected from `automations` joined to its home (`homeOfAutomation`). */
const withZone = { ...getTableColumns(automations), timeZone: homes.timeZone };
const homeOfAutomation = eq(homes.id, automations.homeId);
/** A device's recent command, as the toggle limit and a person's override read it. */
const historyShape = { channel: deviceActivity.channel, at: deviceActivity.createdAt };
/** An automation a reading fired, or cleared (its clear actions to run). */
type Judged = { row: HomeAutomation; pm25: number; event: 'fire' | 'clear' };

/**
 * The automation engine (issue 33) around the pure core in `engine/`: it feeds each stored PM2.5 reading
 * to the automations that watch that device (their watch state persisted when its phase changes, under a
 * row lock, so readings handled by two processes never fire one automation twice), turns device events
 * into device triggers, runs due schedules on the one process holding the `automations.schedules` lease
 * (catching up a run missed within the window), checks conditions and runs the steps — every command
 * through the device-command service on channel `automation`, within the toggle limit and after a
 * person's override — and records each run.
 */
export class AutomationRunner {
  /** Each device's last seen power and presence, to tell a change from a repeated report. */
  private readonly lastSeen = new Map<string, { on: boolean; online: boolean }>();
  private stopSchedules: (() => void) | null = null;
  /** The readings' batches, judged one after another (`onReadings`). */
  private judging: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly commands: DeviceCommandService,
    private readonly notifications: NotificationService,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: RunnerOptions,
  ) {}

  start(leases: JobLeases | null): void {
    if (this.stopSchedules) return;
    const stopTicks = every(
      SCHEDULES_JOB,
      this.options.scheduleTickMs,
      () => this.runDueSchedules(),
      this.log,
      {
        leases,
      },
    );
    // Schedules fall due at whole minutes: with a tick under a minute the job also looks just after each
    // minute begins (on the process holding the lease), so a schedule does not wait for the next tick. A look
    // overlapping a tick's is safe: each run is claimed by its conditional update.
    let wake: NodeJS.Timeout | null = null;
    const atNextMinute = () => {
      const ms = 60_000 - (this.now().getTime() % 60_000) + MINUTE_WAKE_DELAY_MS;
      wake = setTimeout(() => {
        if (!leases || leases.holds(SCHEDULES_JOB)) {
          this.runDueSchedules().catch((error: unknown) =>
            this.log.error({ err: error }, `${SCHEDULES_JOB} failed`),
          );
        }
        atNextMinute();
      }, ms);
      wake.unref();
    };
    if (this.options.scheduleTickMs < 60_000) atNextMinute();
    this.stopSchedules = () => {
      stopTicks();
      if (wake) clearTimeout(wake);
    };
  }

  close(): void {
    this.stopSchedules?.();
    this.stopSchedules = null;
  }

  /**
   * A stored batch's latest PM2.5 per device: one lookup of the automations watching those devices (with
   * their watch), each reading judged against the watch just read. Most readings leave the watch as it is
   * and cost nothing more; a change of phase (or a fire) is taken under the row lock and judged again there,
   * so two processes never fire one automation twice (a reading judged against a watch another process
   * changed a moment before counts from the next reading on). Batches are judged one after another, so a
   * later batch never reads a watch an earlier one is still changing; the fired automations then run side
   * by side, outside that order (a run waits for its devices, the next batch does not wait for it).
   */
  async onReadings(latest: ReadonlyArray<{ deviceId: string; pm25: number }>): Promise<void> {
    if (latest.length === 0) return;
    const judged = this.judging.then(() => this.judgeBatch(latest));
    this.judging = judged.then(
      () => undefined,
      () => undefined,
    );
    await inParallel(await judged, RUNS_AT_ONCE, async ({ row, pm25, event }) => {
      if (event === 'clear') {
        await this.run(row, `PM2.5 back to ${Math.round(pm25)} µg/m³`, 'clear');
        return;
      }
      const { changedDevice } = await this.run(row, `PM2.5 ${Math.round(pm25)} µg/m³`);
      if (changedDevice) await this.markActed(row.id);
    });
  }

  /** The watches' part of `onReadings`: the automations the batch fires. */
  private async judgeBatch(latest: ReadonlyArray<{ deviceId: string; pm25: number }>): Promise<Judged[]> {
    const watching = await this.db
      .select(withZone)
      .from(automations)
      .innerJoin(homes, homeOfAutomation)
      .where(
        and(
          eq(automations.enabled, true),
          eq(automations.triggerKind, 'air_quality'),
          inArray(
            automations.triggerDeviceId,
            latest.map((r) => r.deviceId),
          ),
        ),
      );
    const pm25Of = new Map(latest.map((r) => [r.deviceId, r.pm25]));
    const at = this.now().getTime();
    const fired: Judged[] = [];
    await inParallel(watching, RUNS_AT_ONCE, async (row) => {
      const pm25 = row.triggerDeviceId === null ? undefined : pm25Of.get(row.triggerDeviceId);
      if (pm25 === undefined || !this.judge(row, pm25, at)?.changed) return;
      const locked = await this.observeReading(row.id, pm25, at);
      if (locked) fired.push({ ...locked, pm25 });
    });
    return fired;
  }

  /**
   * One reading against one automation's watch: the watch after it, whether it changed, and the event —
   * it fires, or it clears after a run that changed a device and it has clear actions (ADR 071).
   */
  private judge(
    row: AutomationRow,
    pm25: number,
    at: number,
  ): { stored: StoredWatch; changed: boolean; event: 'fire' | 'clear' | null } | null {
    if (!row.enabled || row.definition.trigger.kind !== 'air_quality') return null;
    const trigger = row.definition.trigger;
    const value = trigger.metric === 'aqi' ? airQualityOf(pm25, this.options.aqiScale).aqi : pm25;
    const { state, fire, clear } = observe(
      watchOf(row.watch),
      {
        direction: trigger.direction,
        value: trigger.value,
        forMs: trigger.for_minutes * 60_000,
        hysteresis: thresholdHysteresis(trigger.value),
      },
      { at, value },
    );
    const stored = storedOf(state, row.watch);
    const acted = row.watch.phase === 'fired' && row.watch.acted === true;
    const event = fire
      ? 'fire'
      : clear && acted && (row.definition.clear_actions ?? []).length > 0
        ? 'clear'
        : null;
    return { stored, changed: event !== null || JSON.stringify(stored) !== JSON.stringify(row.watch), event };
  }

  /** Feeds one reading to one automation's watch under its row lock; the automation when it fires or clears. */
  private async observeReading(
    id: string,
    pm25: number,
    at: number,
  ): Promise<{ row: HomeAutomation; event: 'fire' | 'clear' } | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select(withZone)
        .from(automations)
        .innerJoin(homes, homeOfAutomation)
        .where(eq(automations.id, id))
        .for('update', { of: automations });
      const judged = row ? this.judge(row, pm25, at) : null;
      if (!row || !judged) return null;
      if (JSON.stringify(judged.stored) !== JSON.stringify(row.watch)) {
        await tx.update(automations).set({ watch: judged.stored }).where(eq(automations.id, id));
      }
      return judged.event ? { row, event: judged.event } : null;
    });
  }

  /** The fired watch remembers that its run changed a device (its clear actions will run). */
  private async markActed(id: string): Promise<void> {
    await this.db
      .update(automations)
      .set({ watch: { phase: 'fired', acted: true } })
      .where(and(eq(automations.id, id), sql`${automations.watch}->>'phase' = 'fired'`));
  }

  /** A device's state or presence changed (device events): the device triggers it matches run. */
  async onDeviceChanged(device: DeviceRow): Promise<void> {
    const before = this.lastSeen.get(device.id);
    const now = { on: device.powerOn, online: device.isConnected };
    this.lastSeen.set(device.id, now);
    const events: DeviceEvent[] = [];
    if (before === undefined) {
      // The first event of a device this process sees: only presence is known to have changed.
      events.push(device.isConnected ? 'comes_online' : 'goes_offline');
    } else {
      if (before.online !== now.online) events.push(now.online ? 'comes_online' : 'goes_offline');
      if (before.on !== now.on) events.push(now.on ? 'turns_on' : 'turns_off');
    }
    if (events.length === 0) return;
    const rows = await this.db
      .select(withZone)
      .from(automations)
      .innerJoin(homes, homeOfAutomation)
      .where(
        and(
          eq(automations.enabled, true),
          eq(automations.triggerKind, 'device'),
          eq(automations.triggerDeviceId, device.id),
        ),
      );
    for (const row of rows) {
      const trigger = row.definition.trigger;
      if (trigger.kind === 'device' && events.includes(trigger.event)) {
        await this.run(row, `${device.name} ${eventPhrase(trigger.event)}`);
      }
    }
  }

  /**
   * Runs the schedules that are due (one process: the lease's); a run missed beyond the window is skipped.
   * The next run is computed in the home's time zone, read with the schedules in one statement.
   */
  async runDueSchedules(): Promise<number> {
    const now = this.now();
    const due = await this.db
      .select(withZone)
      .from(automations)
      .innerJoin(homes, homeOfAutomation)
      .where(
        and(
          eq(automations.enabled, true),
          eq(automations.triggerKind, 'schedule'),
          lte(automations.nextRunAt, now),
        ),
      );
    const claims = due.flatMap((row) => {
      const trigger = row.definition.trigger;
      if (trigger.kind !== 'schedule' || row.nextRunAt === null) return [];
      return [{ row, trigger, due: row.nextRunAt, next: nextRun(trigger, row.timeZone, now) }];
    });
    // Every run claimed first, in one statement: a second process, or the next look while these still run,
    // must not run one again (a claim holds only if the run is still due as this look read it).
    const claimed = await this.claimRuns(claims);
    // Side by side: a minute many homes chose (07:00) must not queue each run behind the last one's command.
    const runs = claims.filter((c) => claimed.has(c.row.id));
    await inParallel(runs, SCHEDULED_RUNS_AT_ONCE, async ({ row, trigger, due: dueAt }) => {
      const late = now.getTime() - dueAt.getTime();
      if (late > this.options.catchUpMs) {
        await this.record(row, `Scheduled for ${trigger.time}`, now, 'skipped', [
          { kind: 'delay', device_id: null, outcome: 'skipped', detail: 'Missed while the server was down' },
        ]);
        return;
      }
      await this.run(
        row,
        late > 60_000 ? `Scheduled for ${trigger.time} (caught up)` : `Scheduled for ${trigger.time}`,
      );
    });
    return due.length;
  }

  /** Moves each due run's automation to its next run, if still due as read; the ids claimed. */
  private async claimRuns(claims: ReadonlyArray<{ row: AutomationRow; due: Date; next: Date | null }>) {
    if (claims.length === 0) return new Set<string>();
    const json = JSON.stringify(claims.map((c) => ({ id: c.row.id, due: c.due, next: c.next })));
    const claimed = await this.db
      .update(automations)
      .set({ nextRunAt: sql`c.next` })
      .from(sql`jsonb_to_recordset(${json}::jsonb) as c(id text, due timestamptz, next timestamptz)`)
      .where(and(sql`${automations.id} = c.id`, sql`${automations.nextRunAt} = c.due`))
      .returning({ id: automations.id });
    return new Set(claimed.map((c) => c.id));
  }

  /**
   * Checks the conditions, runs the steps in order (the clear steps for `which` = 'clear'), records the run
   * and tells the home of a failure. `changedDevice`: a device step did something.
   */
  async run(
    row: HomeAutomation,
    trigger: string,
    which: 'actions' | 'clear' = 'actions',
  ): Promise<{ outcome: AutomationRunOutcome; changedDevice: boolean }> {
    const startedAt = this.now();
    const definition = row.definition;
    const unmet =
      which === 'clear'
        ? null
        : await this.unmetCondition(row.homeId, row.timeZone, definition.conditions, startedAt);
    if (unmet !== null) {
      await this.record(row, trigger, startedAt, 'skipped', [
        { kind: 'delay', device_id: null, outcome: 'skipped', detail: unmet },
      ]);
      return { outcome: 'skipped', changedDevice: false };
    }
    const actions = which === 'clear' ? (definition.clear_actions ?? []) : definition.actions;
    const steps: RunStep[] = [];
    for (const action of actions) steps.push(await this.step(row, definition, action));
    const failed = steps.filter((s) => s.outcome === 'failed').length;
    const done = steps.filter((s) => s.outcome === 'done').length;
    const outcome: AutomationRunOutcome =
      failed === 0 ? (done === 0 ? 'skipped' : 'ok') : done === 0 ? 'failed' : 'partial';
    const stored: Step[] = steps.map(({ failure: _, ...step }) => step);
    await this.record(row, trigger, startedAt, outcome, stored);
    if (failed > 0) {
      const failures = steps.filter((s) => s.outcome === 'failed');
      await this.tellHome(row, {
        kind: 'automation_failed',
        title: (t) => t('alerts.automationFailedTitle', { name: row.name }),
        body: (t) =>
          failures
            .map((s) => (s.failure ? t(`alerts.${s.failure.key}`, { name: s.failure.name }) : s.detail))
            .join(' '),
        link: OWNER_PATHS.automations,
        homeId: row.homeId,
        subject: `automation:${row.id}:failed`,
        onceWithinMs: FAILURE_NOTICE_MS,
      });
    }
    return { outcome, changedDevice: steps.some((s) => s.kind === 'device' && s.outcome === 'done') };
  }

  private async step(
    row: AutomationRow,
    definition: AutomationDefinition,
    action: AutomationAction,
  ): Promise<RunStep> {
    if (action.kind === 'delay') {
      await new Promise((resolve) => setTimeout(resolve, action.seconds * 1000).unref());
      return { kind: 'delay', device_id: null, outcome: 'done', detail: `Waited ${action.seconds} s` };
    }
    if (action.kind === 'notify') {
      await this.tellHome(row, {
        kind: 'automation',
        title: row.name,
        body: action.message || ((t) => t('alerts.automationRanBody', { name: row.name })),
        link: OWNER_PATHS.automations,
        homeId: row.homeId,
      });
      return { kind: 'notify', device_id: null, outcome: 'done', detail: 'Notification sent' };
    }
    const base = { kind: 'device' as const, device_id: action.device_id };
    const now = this.now().getTime();
    // The device's state and its recent commands (the toggle limit, a person's override) in one statement.
    const since = new Date(now - Math.max(HOUR_MS, definition.manual_override_minutes * 60_000));
    const [current] = await this.db
      .select({
        name: devices.name,
        on: devices.powerOn,
        gangs: devices.gangStates,
        fan: devices.fanSpeed,
        online: devices.isConnected,
        history: jsonList(historyShape, (row) =>
          this.db
            .select(row)
            .from(deviceActivity)
            .where(and(eq(deviceActivity.deviceId, devices.id), gt(deviceActivity.createdAt, since))),
        ),
      })
      .from(devices)
      .where(eq(devices.id, action.device_id));
    const command = action.command;
    const already =
      current?.online === true &&
      (command.kind === 'power'
        ? current.on === command.on
        : command.kind === 'gang'
          ? current.gangs[command.index] === command.on
          : current.fan === command.speed);
    // Nothing to change: no command, no toggle counted (and a clear step will not undo what a person did).
    if (already)
      return { ...base, outcome: 'skipped', detail: `${current.name}: already ${stateWord(command)}` };
    const history = current?.history ?? [];
    const allowed = mayToggle({
      now,
      history: history.filter((h) => h.channel === 'automation').map((h) => h.at.getTime()),
      maxPerHour: definition.max_toggles_per_hour,
      manualAt:
        history
          .filter((h) => MANUAL_CHANNELS.includes(h.channel))
          .map((h) => h.at.getTime())
          .sort((a, b) => b - a)[0] ?? null,
      manualOverrideMs: definition.manual_override_minutes * 60_000,
    });
    if (!allowed.ok) {
      return {
        ...base,
        outcome: 'skipped',
        detail:
          allowed.reason === 'manual_override'
            ? 'Left alone: someone changed it by hand a moment ago'
            : `Left alone: already switched ${definition.max_toggles_per_hour} times by automations this hour`,
      };
    }
    try {
      const device = await this.commands.executeCommand({
        deviceId: action.device_id,
        scope: { kind: 'owner', userId: row.userId, home: row.homeId },
        command: action.command,
        context: automationContext(row),
      });
      return { ...base, outcome: 'done', detail: `${device.name}: ${commandPhrase(action.command)}` };
    } catch (error) {
      const offline = (error as { code?: string }).code === 'device_offline';
      const name = current?.name ?? 'A device';
      if (!offline) this.log.warn({ err: error, automation: row.id }, 'an automation step failed');
      return {
        ...base,
        outcome: 'failed',
        detail: offline ? `${name} is offline.` : `${name} did not take the command.`,
        failure: { key: offline ? 'stepOffline' : 'stepRefused', name },
      };
    }
  }

  /**
   * Tells the people of the automation's home who manage its automations (owners and members, issue 32) — one
   * statement finds them, whoever made the automation.
   */
  private async tellHome(row: AutomationRow, input: NotificationInput): Promise<void> {
    const people = await this.db
      .select({ userId: homeMembers.userId })
      .from(homeMembers)
      .where(audienceOf(sql`${row.homeId}`, null, HOME_PERMISSIONS['automations.manage']));
    await this.notifications.notifyEach(
      this.db,
      people.map((p) => p.userId),
      input,
    );
  }

  /** The first condition that does not hold, as a sentence; null when all hold. */
  private async unmetCondition(
    homeId: string,
    timeZone: string,
    conditions: readonly AutomationCondition[],
    at: Date,
  ): Promise<string | null> {
    for (const condition of conditions) {
      if (condition.kind === 'time_between') {
        const { minute } = localClock(at, timeZone);
        if (!withinWindow(minute, minutesOf(condition.from), minutesOf(condition.to))) {
          return `Not between ${condition.from} and ${condition.to}`;
        }
        continue;
      }
      const [device] = await this.db
        .select({ name: devices.name, on: devices.powerOn, online: devices.isConnected })
        .from(devices)
        .where(and(eq(devices.id, condition.device_id), eq(devices.homeId, homeId)));
      const holds =
        device !== undefined &&
        (condition.state === 'online' ? device.online : device.on === (condition.state === 'on'));
      if (!holds) return `${device?.name ?? 'A device'} is not ${condition.state}`;
    }
    return null;
  }

  private async record(
    row: AutomationRow,
    trigger: string,
    startedAt: Date,
    outcome: AutomationRunOutcome,
    steps: Step[],
  ): Promise<void> {
    const finishedAt = this.now();
    // The run and the automation's last run in one statement (a data-modifying CTE).
    const inserted = this.db
      .$with('inserted')
      .as(
        this.db
          .insert(automationRuns)
          .values({ automationId: row.id, trigger, startedAt, finishedAt, outcome, steps })
          .returning({ id: automationRuns.id }),
      );
    await this.db
      .with(inserted)
      .update(automations)
      .set({ lastRunAt: startedAt, lastOutcome: outcome })
      .where(eq(automations.id, row.id));
  }
}

/** The audit context of an automation's commands: the owner's, named after the automation (activity log). */
function automationContext(row: AutomationRow): AuditContext {
  return {
    actor: { id: row.userId, name: `Automation “${row.name}”`, role: ROLE.owner },
    channel: 'automation',
    ip: null,
    userAgent: null,
    requestId: null,
  };
}

function watchOf(stored: StoredWatch): WatchState {
  if (stored.phase === 'pending') return { phase: 'pending', since: stored.since, lastAt: stored.since };
  if (stored.phase === 'fired') return { phase: 'fired', lastAt: 0 };
  return { phase: 'idle', lastAt: null };
}

/** The watch to store: a fired watch keeps its `acted` mark until it clears. */
function storedOf(state: WatchState, before: StoredWatch): StoredWatch {
  if (state.phase === 'pending') return { phase: 'pending', since: state.since };
  if (state.phase === 'fired' && before.phase === 'fired' && before.acted) return before;
  return { phase: state.phase };
}
