import {
  localClock,
  minutesOf,
  withinWindow,
  type AutomationAction,
  type AutomationCondition,
  type AutomationDefinition,
  type AutomationRun,
  type AutomationRunOutcome,
  ROLE,
} from '@isaac/contract';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { jsonList } from '../../db/json-rows.ts';
import { deviceActivity, devices, type AutomationRow } from '../../db/schema/index.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import type { DeviceCommandService } from '../device-commands/service.ts';
import { mayToggle } from './engine/limits.ts';
import { commandPhrase, stateWord } from './engine/phrases.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Channels of a person's own commands: they override automations for a while. */
const MANUAL_CHANNELS = ['web', 'voice', 'api'];

type Step = AutomationRun['steps'][number];
/**
 * A step as a run makes it: a failed device step also names its failure for the notice, in the reader's
 * language (the run's stored record keeps the English detail).
 */
export type RunStep = Step & { failure?: { key: 'stepOffline' | 'stepRefused'; name: string } };
/** A device step of an automation. */
export type DeviceAction = Extract<AutomationAction, { kind: 'device' }>;
/** A device step to take: which automation asks what of which device. */
export interface DeviceStep {
  row: AutomationRow;
  definition: AutomationDefinition;
  action: DeviceAction;
}
/** A run's conditions to check: in its home, at its home's wall clock. */
export interface ConditionsToCheck {
  homeId: string;
  timeZone: string;
  conditions: readonly AutomationCondition[];
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

/**
 * The reads and commands of automation runs, for one run or for many at once (a minute's schedules, ADR 076):
 * the devices every condition and every step names are read in ONE statement (a step's with its recent
 * commands, for the toggle limit and a person's override), and a wave of device steps is sent as one batch
 * through the device-command service. One run is the same code with a list of one.
 */
export class RunSteps {
  constructor(
    private readonly db: Db,
    private readonly commands: DeviceCommandService,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** For each run, the first condition that does not hold, as a sentence; null when all hold. */
  async unmetConditions(runs: readonly ConditionsToCheck[], at: Date): Promise<(string | null)[]> {
    const ids = runs.flatMap((r) =>
      r.conditions.flatMap((c) => (c.kind === 'device_is' ? [c.device_id] : [])),
    );
    const read =
      ids.length === 0
        ? []
        : await this.db
            .select({
              id: devices.id,
              homeId: devices.homeId,
              name: devices.name,
              on: devices.powerOn,
              online: devices.isConnected,
            })
            .from(devices)
            .where(inArray(devices.id, [...new Set(ids)]));
    const deviceOf = new Map(read.map((d) => [d.id, d]));
    return runs.map(({ homeId, timeZone, conditions }) => {
      for (const condition of conditions) {
        if (condition.kind === 'time_between') {
          const { minute } = localClock(at, timeZone);
          if (!withinWindow(minute, minutesOf(condition.from), minutesOf(condition.to))) {
            return `Not between ${condition.from} and ${condition.to}`;
          }
          continue;
        }
        // A device of another home is as good as none: a rule never reads outside its home.
        const found = deviceOf.get(condition.device_id);
        const device = found?.homeId === homeId ? found : undefined;
        const holds =
          device !== undefined &&
          (condition.state === 'online' ? device.online : device.on === (condition.state === 'on'));
        if (!holds) return `${device?.name ?? 'A device'} is not ${condition.state}`;
      }
      return null;
    });
  }

  /**
   * Device steps taken together: each device's state and recent commands read in one statement, each step
   * judged (nothing to change, the toggle limit, a person's override), and the commands left sent as one
   * batch (channel `automation`, the automation's owner as the actor within the automation's home).
   */
  async deviceSteps(steps: readonly DeviceStep[]): Promise<RunStep[]> {
    if (steps.length === 0) return [];
    const now = this.now().getTime();
    const windowMs = (d: AutomationDefinition) => Math.max(HOUR_MS, d.manual_override_minutes * 60_000);
    const since = new Date(now - Math.max(...steps.map((s) => windowMs(s.definition))));
    const read = await this.db
      .select({
        id: devices.id,
        name: devices.name,
        on: devices.powerOn,
        gangs: devices.gangStates,
        fan: devices.fanSpeed,
        online: devices.isConnected,
        history: jsonList({ channel: deviceActivity.channel, at: deviceActivity.createdAt }, (row) =>
          this.db
            .select(row)
            .from(deviceActivity)
            .where(and(eq(deviceActivity.deviceId, devices.id), gt(deviceActivity.createdAt, since))),
        ),
      })
      .from(devices)
      .where(inArray(devices.id, [...new Set(steps.map((s) => s.action.device_id))]));
    const currentOf = new Map(read.map((d) => [d.id, d]));
    const results: RunStep[] = new Array<RunStep>(steps.length);
    const toSend: number[] = [];
    steps.forEach(({ definition, action }, i) => {
      const base = { kind: 'device' as const, device_id: action.device_id };
      const current = currentOf.get(action.device_id);
      const command = action.command;
      const already =
        current?.online === true &&
        (command.kind === 'power'
          ? current.on === command.on
          : command.kind === 'gang'
            ? current.gangs[command.index] === command.on
            : current.fan === command.speed);
      // Nothing to change: no command, no toggle counted (and a clear step will not undo what a person did).
      if (already) {
        results[i] = {
          ...base,
          outcome: 'skipped',
          detail: `${current.name}: already ${stateWord(command)}`,
        };
        return;
      }
      const history = (current?.history ?? []).filter((h) => h.at.getTime() > now - windowMs(definition));
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
        results[i] = {
          ...base,
          outcome: 'skipped',
          detail:
            allowed.reason === 'manual_override'
              ? 'Left alone: someone changed it by hand a moment ago'
              : `Left alone: already switched ${definition.max_toggles_per_hour} times by automations this hour`,
        };
        return;
      }
      toSend.push(i);
    });
    const sent = await this.commands.executeCommands(
      toSend.map((i) => {
        const { row, action } = steps[i]!;
        return {
          deviceId: action.device_id,
          scope: { kind: 'owner' as const, userId: row.userId, home: row.homeId },
          command: action.command,
          context: automationContext(row),
        };
      }),
    );
    toSend.forEach((i, k) => {
      const { row, action } = steps[i]!;
      const base = { kind: 'device' as const, device_id: action.device_id };
      const result = sent[k]!;
      if (result.ok) {
        results[i] = {
          ...base,
          outcome: 'done',
          detail: `${result.device.name}: ${commandPhrase(action.command)}`,
        };
        return;
      }
      const offline = (result.error as { code?: string }).code === 'device_offline';
      const name = currentOf.get(action.device_id)?.name ?? 'A device';
      if (!offline) this.log.warn({ err: result.error, automation: row.id }, 'an automation step failed');
      results[i] = {
        ...base,
        outcome: 'failed',
        detail: offline ? `${name} is offline.` : `${name} did not take the command.`,
        failure: { key: offline ? 'stepOffline' : 'stepRefused', name },
      };
    });
    return results;
  }
}

// What a run did, as its record and the runner read it.

/** The one step of a run that did not run: why (a condition that does not hold, missed while down). */
export const skippedStep = (detail: string): Step => ({
  kind: 'delay',
  device_id: null,
  outcome: 'skipped',
  detail,
});
/** A step that commands a device (a run of only these can go in a batch). */
export const isDeviceAction = (action: AutomationAction): action is DeviceAction => action.kind === 'device';
/** A step that did something to a device (a fired watch then runs its clear actions when the air clears). */
export const changedADevice = (step: RunStep) => step.kind === 'device' && step.outcome === 'done';
/** A run's outcome from its steps. */
export function outcomeOf(steps: readonly RunStep[]): AutomationRunOutcome {
  const failed = steps.filter((s) => s.outcome === 'failed').length;
  const done = steps.filter((s) => s.outcome === 'done').length;
  return failed === 0 ? (done === 0 ? 'skipped' : 'ok') : done === 0 ? 'failed' : 'partial';
}
/** The steps as a run's record keeps them (without the notice's words). */
export const stored = (steps: readonly RunStep[]): Step[] => steps.map(({ failure: _, ...step }) => step);
