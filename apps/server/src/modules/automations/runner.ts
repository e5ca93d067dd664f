import {
  airQualityOf,
  HOME_PERMISSIONS,
  thresholdHysteresis,
  OWNER_PATHS,
  type AqiScale,
  type AutomationAction,
  type AutomationDefinition,
  type AutomationRun,
  type AutomationRunOutcome,
} from '@isaac/contract';
import { and, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  automationRuns,
  automations,
  homeMembers,
  homes,
  type AutomationRow,
  type DeviceRow,
  type StoredWatch,
} from '../../db/schema/index.ts';
import { every } from '../../jobs.ts';
import type { JobLeases } from '../../leases.ts';
import type { DeviceCommandService } from '../device-commands/service.ts';
import { audienceOf } from '../../policy/policy.ts';
import type { NotificationInput, NotificationService } from '../notifications/service.ts';
import { DeviceTriggers } from './device-triggers.ts';
import { homeOfAutomation, runnerStatements, withZone, type HomeAutomation } from './statements.ts';
import { batchesOf, inParallel, RUNS_AT_ONCE } from './lanes.ts';
import { nextRun } from './engine/schedule.ts';
import { observe, type WatchState } from './engine/threshold.ts';
import {
  changedADevice,
  isDeviceAction,
  outcomeOf,
  RunSteps,
  skippedStep,
  stored,
  type DeviceAction,
  type RunStep,
} from './steps.ts';

const HOUR_MS = 60 * 60 * 1000;
/** A failing automation tells its owner once in this time (not on every reading). */
const FAILURE_NOTICE_MS = 6 * HOUR_MS;
const SCHEDULES_JOB = 'automations.schedules';
/** The look for due schedules just after each minute begins comes this long after it (timers are not exact). */
const MINUTE_WAKE_DELAY_MS = 50;
/** Runs of a minute that are device commands only, taken together (ADR 076): this many per batch… */
const SCHEDULED_BATCH = 250;
/** …and this many batches at once; a minute's other runs (delays, notifications) go this many side by side. */
const SCHEDULED_BATCHES_AT_ONCE = 4;
const SCHEDULED_RUNS_AT_ONCE = 64;

export interface RunnerOptions {
  aqiScale: AqiScale;
  /** A schedule missed by at most this much (the server was down) still runs once; older ones are skipped. */
  catchUpMs: number;
  /** How often the schedule job looks for due schedules (under a minute: also just after each minute begins). */
  scheduleTickMs: number;
}

type Step = AutomationRun['steps'][number];
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
  private stopSchedules: (() => void) | null = null;
  /** The readings' batches, judged one after another (`onReadings`). */
  private judging: Promise<void> = Promise.resolve();

  private readonly steps: RunSteps;
  private readonly deviceTriggers: DeviceTriggers;
  private readonly statements: ReturnType<typeof runnerStatements>;

  constructor(
    private readonly db: Db,
    commands: DeviceCommandService,
    private readonly notifications: NotificationService,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    private readonly options: RunnerOptions,
  ) {
    this.steps = new RunSteps(db, commands, now, log);
    this.statements = runnerStatements(db);
    this.deviceTriggers = new DeviceTriggers(
      (deviceIds) => this.statements.watching.get('device').execute({ ids: JSON.stringify(deviceIds) }),
      (row, trigger) => this.run(row, trigger),
    );
  }

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
    this.deviceTriggers.close();
    this.stopSchedules?.();
    this.stopSchedules = null;
  }

  /**
   * A stored batch's latest PM2.5 per device: one lookup of the automations watching those devices (with
   * their watch), each reading judged against the watch just read. Most readings leave the watch as it is
   * and cost nothing more; the watches a batch changes (a change of phase, or a fire) are taken under their
   * row locks together and judged again there, so two processes never fire one automation twice (a reading
   * judged against a watch another process changed a moment before counts from the next reading on).
   * Batches are judged one after another, so a later batch never reads a watch an earlier one is still
   * changing; the fired automations then run outside that order (a run waits for its devices, the next batch
   * does not wait for it): those that only command devices together, as a minute's schedules do (ADR 076),
   * the others side by side.
   */
  async onReadings(latest: ReadonlyArray<{ deviceId: string; pm25: number }>): Promise<void> {
    if (latest.length === 0) return;
    const judging = this.judging.then(() => this.judgeBatch(latest));
    this.judging = judging.then(
      () => undefined,
      () => undefined,
    );
    // Runs that only command devices go together: the fired ones (their conditions checked, their watch
    // marked when a device changed), and the cleared ones (clear actions have no conditions).
    const together = { fire: [] as DeviceOnlyRun[], clear: [] as DeviceOnlyRun[] };
    const others: Judged[] = [];
    for (const judged of await judging) {
      const { definition } = judged.row;
      const steps = judged.event === 'clear' ? (definition.clear_actions ?? []) : definition.actions;
      const actions = steps.filter(isDeviceAction);
      if (actions.length === steps.length) together[judged.event].push({ ...runOf(judged), actions });
      else others.push(judged);
    }
    const inBatches = (runs: DeviceOnlyRun[], which: 'actions' | 'clear') =>
      inParallel(batchesOf(runs, SCHEDULED_BATCH), SCHEDULED_BATCHES_AT_ONCE, async (batch) => {
        const stepsOf = await this.runTogether(batch, which);
        if (which === 'actions') {
          await this.markActed(batch.filter((_, i) => stepsOf[i]!.some(changedADevice)).map((r) => r.row.id));
        }
      });
    await Promise.all([
      inBatches(together.fire, 'actions'),
      inBatches(together.clear, 'clear'),
      inParallel(others, RUNS_AT_ONCE, async (judged) => {
        const which = judged.event === 'clear' ? 'clear' : 'actions';
        const { changedDevice } = await this.run(judged.row, runOf(judged).trigger, which);
        if (changedDevice && which === 'actions') await this.markActed([judged.row.id]);
      }),
    ]);
  }

  /** The watches' part of `onReadings`: the automations the batch fires or clears. */
  private async judgeBatch(latest: ReadonlyArray<{ deviceId: string; pm25: number }>): Promise<Judged[]> {
    const watching = await this.statements.watching
      .get('air_quality')
      .execute({ ids: JSON.stringify(latest.map((r) => r.deviceId)) });
    const pm25Of = new Map(latest.map((r) => [r.deviceId, r.pm25]));
    const at = this.now().getTime();
    const changing = new Map<string, number>();
    for (const row of watching) {
      const pm25 = row.triggerDeviceId === null ? undefined : pm25Of.get(row.triggerDeviceId);
      if (pm25 !== undefined && this.judge(row, pm25, at)?.changed) changing.set(row.id, pm25);
    }
    return this.observeReadings(changing, at);
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

  /**
   * Feeds each reading (automation id → PM2.5) to its automation's watch, all under their row locks in one
   * transaction (taken in id order, so two processes' batches never wait on each other in a circle), the
   * changed watches stored in one statement; the automations that fire or clear.
   */
  private async observeReadings(readings: ReadonlyMap<string, number>, at: number): Promise<Judged[]> {
    if (readings.size === 0) return [];
    return this.db.transaction(async (tx) => {
      const rows = await this.statements.lockWatches.execute(tx, {
        ids: JSON.stringify([...readings.keys()]),
      });
      const events: Judged[] = [];
      const watches: Array<{ id: string; watch: StoredWatch }> = [];
      for (const row of rows) {
        const pm25 = readings.get(row.id)!;
        const judged = this.judge(row, pm25, at);
        if (!judged) continue;
        if (JSON.stringify(judged.stored) !== JSON.stringify(row.watch)) {
          watches.push({ id: row.id, watch: judged.stored });
        }
        if (judged.event) events.push({ row, pm25, event: judged.event });
      }
      if (watches.length > 0) {
        await this.statements.storeWatches.execute(tx, { watches: JSON.stringify(watches) });
      }
      return events;
    });
  }

  /** The enabled automations of one kind of trigger that `which` selects, each with its home's time zone. */
  private enabled(
    kind: HomeAutomation['definition']['trigger']['kind'],
    which: SQL,
  ): Promise<HomeAutomation[]> {
    return this.db
      .select(withZone)
      .from(automations)
      .innerJoin(homes, homeOfAutomation)
      .where(and(eq(automations.enabled, true), eq(automations.triggerKind, kind), which));
  }

  /** The fired watches remember that their run changed a device (their clear actions will run). */
  private async markActed(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.statements.markActed.execute({ ids: JSON.stringify(ids) });
  }

  /** A device's state or presence changed (device events): the device triggers it matches run. */
  onDeviceChanged(device: DeviceRow): Promise<void> {
    return this.deviceTriggers.changed(device);
  }

  /**
   * Runs the schedules that are due (one process: the lease's); a run missed beyond the window is skipped.
   * The next run is computed in the home's time zone, read with the schedules in one statement.
   */
  async runDueSchedules(): Promise<number> {
    const now = this.now();
    const due = await this.enabled('schedule', lte(automations.nextRunAt, now));
    // Many homes share a schedule (07:00 every day, Asia/Kolkata): each distinct one's next run is worked out once.
    const nextOf = new Map<string, Date | null>();
    const claims = due.flatMap((row) => {
      const trigger = row.definition.trigger;
      if (trigger.kind !== 'schedule' || row.nextRunAt === null) return [];
      const key = JSON.stringify([trigger.time, trigger.days, row.timeZone]);
      if (!nextOf.has(key)) nextOf.set(key, nextRun(trigger, row.timeZone, now));
      return [{ row, trigger, due: row.nextRunAt, next: nextOf.get(key) ?? null }];
    });
    // Every run claimed first, in one statement: a second process, or the next look while these still run,
    // must not run one again (a claim holds only if the run is still due as this look read it).
    const claimed = await this.claimRuns(claims);
    // Missed beyond the window: recorded as skipped. The others: a minute many homes chose (07:00) must not
    // queue each run behind the last one's command — the runs that only command devices go together in
    // batches (ADR 076), the others side by side.
    const missed: RunRecord[] = [];
    const together: DeviceOnlyRun[] = [];
    const others: Array<{ row: HomeAutomation; trigger: string }> = [];
    for (const { row, trigger, due: dueAt } of claims) {
      if (!claimed.has(row.id)) continue;
      const late = now.getTime() - dueAt.getTime();
      const said = `Scheduled for ${trigger.time}`;
      if (late > this.options.catchUpMs) {
        missed.push({
          row,
          trigger: said,
          startedAt: now,
          outcome: 'skipped',
          steps: [skippedStep('Missed while the server was down')],
        });
        continue;
      }
      const run = { row, trigger: late > 60_000 ? `${said} (caught up)` : said };
      const actions = row.definition.actions.filter(isDeviceAction);
      if (actions.length === row.definition.actions.length) together.push({ ...run, actions });
      else others.push(run);
    }
    await this.recordMany(missed);
    await Promise.all([
      inParallel(batchesOf(together, SCHEDULED_BATCH), SCHEDULED_BATCHES_AT_ONCE, (batch) =>
        this.runTogether(batch).then(() => undefined),
      ),
      inParallel(others, SCHEDULED_RUNS_AT_ONCE, ({ row, trigger }) =>
        this.run(row, trigger).then(() => undefined),
      ),
    ]);
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
    const [unmet = null] =
      which === 'clear' ? [] : await this.steps.unmetConditions([conditionsOf(row)], startedAt);
    if (unmet !== null) {
      await this.recordMany([{ row, trigger, startedAt, outcome: 'skipped', steps: [skippedStep(unmet)] }]);
      return { outcome: 'skipped', changedDevice: false };
    }
    const actions = which === 'clear' ? (definition.clear_actions ?? []) : definition.actions;
    const steps: RunStep[] = [];
    for (const action of actions) steps.push(await this.step(row, definition, action));
    const outcome = outcomeOf(steps);
    await this.recordMany([{ row, trigger, startedAt, outcome, steps: stored(steps) }]);
    await this.tellFailures(row, steps);
    return { outcome, changedDevice: steps.some(changedADevice) };
  }

  /**
   * Runs whose steps are all device commands, taken together (a minute's schedules, ADR 076; a readings
   * batch's fired or cleared automations): their conditions read in one statement (none for clear actions),
   * each wave of steps (every run's first, then every run's second…) read and sent as one batch, and the
   * runs recorded in one statement. What each run does is what `run` does.
   */
  private async runTogether(
    runs: readonly DeviceOnlyRun[],
    which: 'actions' | 'clear' = 'actions',
  ): Promise<RunStep[][]> {
    const startedAt = this.now();
    const unmet =
      which === 'clear'
        ? runs.map(() => null)
        : await this.steps.unmetConditions(
            runs.map(({ row }) => conditionsOf(row)),
            startedAt,
          );
    const stepsOf = runs.map((_, i): RunStep[] => (unmet[i] === null ? [] : [skippedStep(unmet[i]!)]));
    const going = runs.flatMap((run, i) => (unmet[i] === null ? [{ ...run, steps: stepsOf[i]! }] : []));
    const longest = Math.max(0, ...going.map(({ actions }) => actions.length));
    for (let k = 0; k < longest; k++) {
      const wave = going.filter(({ actions }) => k < actions.length);
      const taken = await this.steps.deviceSteps(
        wave.map(({ row, actions }) => ({ row, definition: row.definition, action: actions[k]! })),
      );
      wave.forEach((run, i) => run.steps.push(taken[i]!));
    }
    await this.recordMany(
      runs.map(({ row, trigger }, i) => ({
        row,
        trigger,
        startedAt,
        outcome: outcomeOf(stepsOf[i]!),
        steps: stored(stepsOf[i]!),
      })),
    );
    for (const [i, { row }] of runs.entries()) await this.tellFailures(row, stepsOf[i]!);
    return stepsOf;
  }

  /** Tells the home of a run's failed steps (once in a while per automation). */
  private async tellFailures(row: AutomationRow, steps: readonly RunStep[]): Promise<void> {
    const failures = steps.filter((s) => s.outcome === 'failed');
    if (failures.length > 0) {
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
    const [taken] = await this.steps.deviceSteps([{ row, definition, action }]);
    return taken!;
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

  /** Runs recorded, each with its automation's last run, in ONE statement (a data-modifying CTE). */
  private async recordMany(runs: readonly RunRecord[]): Promise<void> {
    if (runs.length === 0) return;
    const finishedAt = this.now();
    const inserted = this.db.$with('inserted').as(
      this.db
        .insert(automationRuns)
        .values(
          runs.map(({ row, trigger, startedAt, outcome, steps }) => ({
            automationId: row.id,
            trigger,
            startedAt,
            finishedAt,
            outcome,
            steps,
          })),
        )
        .returning({ id: automationRuns.id }),
    );
    const last = JSON.stringify(runs.map((r) => ({ id: r.row.id, at: r.startedAt, outcome: r.outcome })));
    await this.db
      .with(inserted)
      .update(automations)
      .set({ lastRunAt: sql`c.at`, lastOutcome: sql`c.outcome` })
      .from(sql`jsonb_to_recordset(${last}::jsonb) as c(id text, at timestamptz, outcome text)`)
      .where(sql`${automations.id} = c.id`);
  }
}

/** A run's conditions as `RunSteps` checks them: in its home, at its home's wall clock. */
const conditionsOf = (row: HomeAutomation) => ({
  homeId: row.homeId,
  timeZone: row.timeZone,
  conditions: row.definition.conditions,
});
/** A run as `automation_runs` records it. */
type RunRecord = {
  row: AutomationRow;
  trigger: string;
  startedAt: Date;
  outcome: AutomationRunOutcome;
  steps: Step[];
};
/** The run a reading's judgement starts: its trigger as the run's record words it. */
const runOf = ({ row, pm25, event }: Judged) => ({
  row,
  trigger: event === 'clear' ? `PM2.5 back to ${Math.round(pm25)} µg/m³` : `PM2.5 ${Math.round(pm25)} µg/m³`,
});
/** A due run whose every step is a device command (`runTogether`). */
type DeviceOnlyRun = { row: HomeAutomation; trigger: string; actions: DeviceAction[] };

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
