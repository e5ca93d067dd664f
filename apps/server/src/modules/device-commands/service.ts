import {
  API_MSG,
  applyDeviceCommand,
  ERROR_CODE,
  type DeviceCommand,
  type FanSpeed,
  type ReportedState,
} from '@isaac/contract';
import { randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deviceActivity, deviceCommands, type DesiredState, type DeviceRow } from '../../db/schema/index.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { policyValues } from '../../policy/policy.ts';
import type { ScopeKind } from '../../policy/scope.ts';
import { changesBetween, type AuditEvent, type AuditLog } from '../audit/audit-log.ts';
import type { EventBus } from '../../events.ts';
import type { DeviceCommander, ExecuteCommandInput } from '../devices/command-port.ts';
import { acknowledgedDevicesWrite, commandDevicesWrite } from '../devices/store.ts';
import { Waves } from '../../waves.ts';
import { commandStatements } from './statements.ts';

export type { DeviceCommand, ExecuteCommandInput };

/** The full state a command asks for (what devices.desired_state records). */
export type DeviceState = {
  power_on: boolean;
  gang_states: boolean[];
  /** ISAAC only. */
  fan_speed: FanSpeed | null;
};

/**
 * Delivers a desired state to a device. `apply` runs inside the command's transaction and returns the state
 * to store now: the `DirectTransport` applies the desired state at once. A transport that talks to real
 * devices (MQTT, issue 13) returns null and `deliver`s the command after commit: it resolves with the state
 * the device acknowledges (which is then stored), or rejects (timed out, refused) — the stored state is
 * always the device's last report, the desired state is kept apart.
 */
export interface DeviceTransport {
  readonly name: string;
  /** A command to a device that is not connected is refused at once ('Device is offline'). */
  readonly requiresConnection?: boolean;
  apply(device: DeviceRow, desired: DeviceState, tx: Tx): Promise<DeviceState | null>;
  afterCommit?(device: DeviceRow, desired: DeviceState): Promise<void>;
  deliver?(device: DeviceRow, desired: DeviceState, commandId: string): Promise<ReportedState>;
}

/** How a delivery failed: the device did not answer in time, or refused. */
const isTimeout = (error: unknown) => error instanceof Error && error.name === 'DeliveryTimeout';
const isRefusal = (error: unknown) => error instanceof Error && error.name === 'DeliveryRefused';

/** The default transport: the stored state becomes the desired state immediately. */
export class DirectTransport implements DeviceTransport {
  readonly name = 'direct';
  async apply(_device: DeviceRow, desired: DeviceState): Promise<DeviceState> {
    return desired;
  }
}

export const DEVICE_COMMANDS_MESSAGES = {
  deviceNotFound: API_MSG.deviceNotFound,
  noGangs: 'This device has no gangs: only Lumos switches have gang switches',
  noFan: 'This device has no fan: only ISAAC purifiers have a fan speed',
  gangOutOfRange: (count: number) =>
    `Gang index out of range: this device has ${count} gang${count === 1 ? '' : 's'} (0 to ${count - 1})`,
} as const;

/** The state a command leads to, from the device's current state. Throws 400 for an impossible gang. */
export function desiredStateFor(device: DeviceRow, command: DeviceCommand): DeviceState {
  const gangStates = Array.from({ length: device.gangCount }, (_, i) => device.gangStates[i] === true);
  const outcome = applyDeviceCommand(
    { type: device.type, gang_states: gangStates, power_on: device.powerOn },
    command,
  );
  if (outcome.ok) {
    const fanSpeed = outcome.state.fan_speed !== undefined ? outcome.state.fan_speed : device.fanSpeed;
    return { power_on: outcome.state.power_on, gang_states: outcome.state.gang_states, fan_speed: fanSpeed };
  }
  if (outcome.refusal === 'no_fan') {
    throw badRequest(DEVICE_COMMANDS_MESSAGES.noFan, [
      { path: 'speed', message: DEVICE_COMMANDS_MESSAGES.noFan },
    ]);
  }
  const message =
    outcome.refusal === 'no_gangs'
      ? DEVICE_COMMANDS_MESSAGES.noGangs
      : DEVICE_COMMANDS_MESSAGES.gangOutOfRange(device.gangCount);
  throw badRequest(message, [{ path: 'gangIndex', message }]);
}

const actionOf = (command: DeviceCommand) =>
  command.kind === 'fan_speed'
    ? 'fan_speed'
    : command.kind === 'power'
      ? command.on
        ? 'power_on'
        : 'power_off'
      : command.on
        ? 'gang_on'
        : 'gang_off';

/** What `devices.desired_state` records of a command's state (the fan speed for an ISAAC only). */
function desiredStateOf(device: DeviceRow, desired: DeviceState): DesiredState {
  return {
    power_on: desired.power_on,
    gang_states: desired.gang_states,
    ...(device.type === 'isaac' ? { fan_speed: desired.fan_speed } : {}),
  };
}

/** The device_activity row's payload of a command: what was asked, from which state, through which transport. */
function activityPayload(
  device: DeviceRow,
  command: DeviceCommand,
  desired: DeviceState,
  applied: boolean,
  transport: string,
  commandId: string,
) {
  return {
    command,
    previous: { power_on: device.powerOn, gang_states: device.gangStates, fan_speed: device.fanSpeed },
    desired,
    applied,
    transport,
    command_id: commandId,
  };
}

/** An acknowledgement to store: the command, its device as it was before, and the state the device reports. */
interface Acknowledgement {
  input: ExecuteCommandInput;
  previous: DeviceRow;
  deviceId: string;
  commandId: string;
  state: DeviceState;
}
/** How an acknowledgement is stored: alone, or in a wave of a batch's (`executeCommands`). */
type StoreAcknowledgement = (ack: Acknowledgement) => Promise<DeviceRow | undefined>;

/** A command of a batch (`executeCommands`): the device as it then is, or why it failed (what `executeCommand` throws). */
export type CommandResult = { ok: true; device: DeviceRow } | { ok: false; error: unknown };
const settled = (command: Promise<DeviceRow>): Promise<CommandResult> =>
  command.then(
    (device) => ({ ok: true, device }),
    (error: unknown) => ({ ok: false, error }),
  );

/** The activity log's `device.command` entry: the state before → after, and how the command ended. */
function outcomeEvent(
  device: DeviceRow,
  after: DeviceState | null,
  outcome: 'applied' | 'acked' | 'failed' | 'expired',
): AuditEvent {
  return {
    action: 'device.command',
    entity: { type: 'device', id: device.id, name: device.name },
    changes: {
      ...(after
        ? changesBetween<DeviceState>(
            { power_on: device.powerOn, gang_states: device.gangStates, fan_speed: device.fanSpeed },
            after,
            ['power_on', 'gang_states', 'fan_speed'],
          )
        : {}),
      ...(outcome === 'applied' ? {} : { outcome: { before: 'sent', after: outcome } }),
    },
  };
}

/**
 * THE way to command a device (routes never write device state themselves). In one transaction:
 * lock the device row, resolve and validate the command, record the desired state, apply it through
 * the transport, update `last_updated`, write a device_activity row (actor, action, payload, channel)
 * and the activity log's `device.command` record (the state asked for, before → after).
 */
export class DeviceCommandService implements DeviceCommander {
  private readonly statements: ReturnType<typeof commandStatements>;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly transport: DeviceTransport = new DirectTransport(),
    private readonly events: EventBus | null = null,
  ) {
    this.statements = commandStatements(db, audit);
  }

  get transportName(): string {
    return this.transport.name;
  }

  /**
   * Commands still `sent` longer than the acknowledgement timeout end as `expired` (ADR 053): nobody waits
   * for them any more — the process that sent them stopped (kill -9) before the device answered. Run at
   * start and then now and then; answers how many ended.
   */
  async expireStale(ackTimeoutMs: number): Promise<number> {
    const before = new Date(this.now().getTime() - ackTimeoutMs);
    const ended = await this.db
      .update(deviceCommands)
      .set({
        status: 'expired',
        error: 'no acknowledgement before the server restarted',
        completedAt: this.now(),
      })
      .where(and(eq(deviceCommands.status, 'sent'), lt(deviceCommands.createdAt, before)))
      .returning({ id: deviceCommands.id });
    return ended.length;
  }

  async executeCommand(input: ExecuteCommandInput): Promise<DeviceRow> {
    const { row, desired, commandId, applied, previous } = await this.db.transaction(async (tx) => {
      const [device] = await this.statements.lock
        .get(input.scope.kind)
        .execute(tx, { deviceId: input.deviceId, ...policyValues(input.scope) });
      if (!device) throw notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound);

      const command = typeof input.command === 'function' ? input.command(device) : input.command;
      const desired = desiredStateFor(device, command);
      if (this.transport.requiresConnection && !device.isConnected) {
        throw new HttpError(409, ERROR_CODE.deviceOffline, API_MSG.deviceOffline);
      }
      const applied = await this.transport.apply(device, desired, tx);
      const at = this.now();
      // The desired state, the command, its device_activity row (and with a direct transport the activity
      // log's record) in ONE statement built once (ADR 039, ADR 040).
      const commandId = randomUUID();
      const [updated] = await this.statements.record.get(applied !== null).execute(tx, {
        deviceId: device.id,
        actorId: input.scope.userId,
        commandId,
        channel: input.context.channel,
        desired: desiredStateOf(device, desired),
        at,
        action: actionOf(command),
        payload: activityPayload(device, command, desired, applied !== null, this.transport.name, commandId),
        ...(applied
          ? {
              powerOn: applied.power_on,
              gangStates: applied.gang_states,
              fanSpeed: applied.fan_speed,
              ...this.audit.templateValues(input.context, outcomeEvent(device, applied, 'applied')),
            }
          : {}),
      });
      if (!updated) throw notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound);
      return {
        row: updated,
        desired,
        commandId,
        applied: applied !== null,
        previous: device,
      };
    });
    return this.delivered(input, previous, row, desired, commandId, applied);
  }

  /** After the command's commit: delivered (a remote transport waits for the acknowledgement) and announced. */
  private async delivered(
    input: ExecuteCommandInput,
    previous: DeviceRow,
    row: DeviceRow,
    desired: DeviceState,
    commandId: string,
    applied: boolean,
    store: StoreAcknowledgement = (ack) => this.acknowledge(ack),
  ): Promise<DeviceRow> {
    await this.transport.afterCommit?.(row, desired);
    let result = row;
    if (!applied && this.transport.deliver) {
      result = await this.awaitAcknowledgement(input, previous, row, desired, commandId, store);
    }
    this.events?.announce('device.state_changed', { device: result });
    return result;
  }

  /**
   * Many commands at once (a minute's schedules, ADR 076), for a transport that delivers to devices: the
   * devices locked, each within its own command's scope, in ONE statement; the commands, their
   * device_activity rows and the desired states written in one transaction; then every command delivered
   * and each acknowledgement stored as it comes, as `executeCommand` does. A command that fails (not found,
   * offline, impossible) fails alone. A transport that applies at once, a batch of one and a device's second
   * command in the batch go one by one. Results are in the order of `inputs`.
   */
  async executeCommands(inputs: readonly ExecuteCommandInput[]): Promise<CommandResult[]> {
    const results: CommandResult[] = new Array<CommandResult>(inputs.length);
    const alone = async (i: number) => {
      results[i] = await settled(this.executeCommand(inputs[i]!));
    };
    if (inputs.length === 1 || !this.transport.deliver) {
      for (let i = 0; i < inputs.length; i++) await alone(i);
      return results;
    }
    // A device's first command goes in the batch (of its scope's kind); a second one waits for the batch.
    const seen = new Set<string>();
    const byKind = new Map<ScopeKind, number[]>();
    const after: number[] = [];
    inputs.forEach((input, i) => {
      if (seen.has(input.deviceId)) return void after.push(i);
      seen.add(input.deviceId);
      const ofKind = byKind.get(input.scope.kind);
      if (ofKind) ofKind.push(i);
      else byKind.set(input.scope.kind, [i]);
    });
    for (const [kind, indices] of byKind) {
      try {
        await this.batch(inputs, kind, indices, results);
      } catch {
        // The batch's transaction failed as a whole (the database): each command on its own then.
        for (const i of indices) if (results[i] === undefined) await alone(i);
      }
    }
    for (const i of after) await alone(i);
    return results;
  }

  /** One batch of `executeCommands` (one scope kind): its transaction, then each command's delivery. */
  private async batch(
    inputs: readonly ExecuteCommandInput[],
    kind: ScopeKind,
    indices: readonly number[],
    results: CommandResult[],
  ): Promise<void> {
    const list = indices.map((i) => {
      const { actorId, homeId } = policyValues(inputs[i]!.scope);
      return { i, device_id: inputs[i]!.deviceId, actor_id: actorId, home_id: homeId };
    });
    const sent = await this.db.transaction(async (tx) => {
      const locked = await this.statements.lockMany.get(kind).execute(tx, { list: JSON.stringify(list) });
      const lockedOf = new Map(locked.map(({ batchIndex, ...device }) => [batchIndex, device as DeviceRow]));
      const at = this.now();
      const commands = indices.flatMap((i) => {
        const input = inputs[i]!;
        try {
          const device = lockedOf.get(i);
          if (!device) throw notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound);
          const command = typeof input.command === 'function' ? input.command(device) : input.command;
          const desired = desiredStateFor(device, command);
          if (this.transport.requiresConnection && !device.isConnected) {
            throw new HttpError(409, ERROR_CODE.deviceOffline, API_MSG.deviceOffline);
          }
          return [{ i, input, device, command, desired, commandId: randomUUID() }];
        } catch (error) {
          results[i] = { ok: false, error };
          return [];
        }
      });
      if (commands.length === 0) return [];
      await tx.insert(deviceCommands).values(
        commands.map((c) => ({
          id: c.commandId,
          deviceId: c.device.id,
          actorUserId: c.input.scope.userId,
          channel: c.input.context.channel,
          desired: { ...desiredStateOf(c.device, c.desired) },
          status: 'sent' as const,
          createdAt: at,
        })),
      );
      await tx.insert(deviceActivity).values(
        commands.map((c) => ({
          deviceId: c.device.id,
          actorUserId: c.input.scope.userId,
          action: actionOf(c.command),
          payload: activityPayload(c.device, c.command, c.desired, false, this.transport.name, c.commandId),
          channel: c.input.context.channel,
          createdAt: at,
        })),
      );
      const updated = await commandDevicesWrite(
        tx,
        commands.map((c) => ({ deviceId: c.device.id, desired: desiredStateOf(c.device, c.desired) })),
        at,
      );
      const rowOf = new Map(updated.map((row) => [row.id, row]));
      return commands.flatMap((c) => {
        const row = rowOf.get(c.device.id);
        if (!row) results[c.i] = { ok: false, error: notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound) };
        return row ? [{ ...c, row }] : [];
      });
    });
    // The acknowledgements are stored in waves: those that came while the last wave was written go together.
    const waves = new Waves<Acknowledgement, DeviceRow | undefined>((acks) => this.acknowledgeMany(acks));
    const store = (ack: Acknowledgement) => waves.add(ack);
    await Promise.all(
      sent.map(async (c) => {
        results[c.i] = await settled(
          this.delivered(c.input, c.device, c.row, c.desired, c.commandId, false, store),
        );
      }),
    );
  }

  /** The activity log's `device.command` record: the state before → after, and how the command ended. */
  private async recordOutcome(
    tx: Tx,
    input: ExecuteCommandInput,
    device: DeviceRow,
    after: DeviceState | null,
    outcome: 'applied' | 'acked' | 'failed' | 'expired',
  ) {
    await this.audit.record(tx, input.context, outcomeEvent(device, after, outcome));
  }

  /**
   * A remote transport: waits (bounded) for the device's acknowledgement, then stores the state it reports
   * and the command's end (acked | failed | expired) with its activity-log record, in one transaction.
   */
  private async awaitAcknowledgement(
    input: ExecuteCommandInput,
    previous: DeviceRow,
    row: DeviceRow,
    desired: DeviceState,
    commandId: string,
    store: StoreAcknowledgement,
  ): Promise<DeviceRow> {
    let reported: ReportedState;
    try {
      reported = await this.transport.deliver!(row, desired, commandId);
    } catch (error) {
      const status = isTimeout(error) ? 'expired' : 'failed';
      const reason = error instanceof Error ? error.message : String(error);
      await this.db.transaction(async (tx) => {
        await tx
          .update(deviceCommands)
          .set({ status, error: reason.slice(0, 200), completedAt: this.now() })
          .where(eq(deviceCommands.id, commandId));
        await this.recordOutcome(tx, input, previous, null, status);
      });
      if (isTimeout(error)) throw new HttpError(504, ERROR_CODE.deviceTimeout, API_MSG.deviceNoResponse);
      if (isRefusal(error)) throw new HttpError(409, ERROR_CODE.deviceRefused, API_MSG.deviceRefused(reason));
      throw error;
    }
    const state: DeviceState = {
      power_on: reported.power_on,
      gang_states: reported.gang_states ?? previous.gangStates,
      fan_speed: reported.fan_speed !== undefined ? reported.fan_speed : previous.fanSpeed,
    };
    // A device deleted meanwhile takes its commands with it (cascade): then only the audit entry is written
    // and the caller gets a 404.
    const updated = await store({ input, previous, deviceId: row.id, commandId, state });
    if (!updated) throw notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound);
    return updated;
  }

  /**
   * One acknowledgement stored: the reported state, the command's end and its activity-log record in ONE
   * statement (two data-modifying CTEs and the device's update: one round trip, atomic without
   * BEGIN/COMMIT; ADR 039), built once (ADR 040).
   */
  private async acknowledge({ input, previous, deviceId, commandId, state }: Acknowledgement) {
    const [updated] = await this.statements.acknowledge.execute(this.db, {
      deviceId,
      commandId,
      at: this.now(),
      powerOn: state.power_on,
      gangStates: state.gang_states,
      fanSpeed: state.fan_speed,
      ...this.audit.templateValues(input.context, outcomeEvent(previous, state, 'acked')),
    });
    return updated;
  }

  /**
   * A wave of a batch's acknowledgements stored as ONE statement (ADR 076): the commands' ends and their
   * activity-log records as data-modifying CTEs, the devices' reported states from one JSON list. A wave of
   * one, or a statement that fails (it wrote nothing), is stored one by one.
   */
  private async acknowledgeMany(acks: Acknowledgement[]): Promise<(DeviceRow | undefined)[]> {
    const one = () => Promise.all(acks.map((ack) => this.acknowledge(ack)));
    if (acks.length === 1) return one();
    const at = this.now();
    const ids = JSON.stringify(acks.map((a) => a.commandId));
    const ended = this.db.$with('command_ended').as(
      this.db
        .update(deviceCommands)
        .set({ status: 'acked', completedAt: at })
        .where(sql`${deviceCommands.id} in (select jsonb_array_elements_text(${ids}::jsonb))`),
    );
    const recorded = this.db.$with('recorded').as(
      this.audit.insertMany(
        this.db,
        acks.map((a) => ({ context: a.input.context, event: outcomeEvent(a.previous, a.state, 'acked') })),
      ),
    );
    try {
      const rows = await acknowledgedDevicesWrite(
        this.db.with(ended, recorded),
        acks.map((a) => ({ deviceId: a.deviceId, state: a.state })),
        at,
      );
      const rowOf = new Map(rows.map((row) => [row.id, row]));
      return acks.map((a) => rowOf.get(a.deviceId));
    } catch {
      return one();
    }
  }
}
