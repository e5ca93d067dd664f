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
import {
  deviceActivity,
  deviceCommands,
  devices,
  type DesiredState,
  type DeviceRow,
} from '../../db/schema/index.ts';
import { badRequest, HttpError, notFound } from '../../plugins/errors.ts';
import { Reusable } from '../../db/reusable.ts';
import { columnValue, Statements } from '../../db/statements.ts';
import { ACTOR, policyCondition, policyValues } from '../../policy/policy.ts';
import type { ScopeKind } from '../../policy/scope.ts';
import { changesBetween, type AuditEvent, type AuditLog } from '../audit/audit-log.ts';
import type { EventBus } from '../../events.ts';
import type { DeviceCommander, ExecuteCommandInput } from '../devices/command-port.ts';
import { commandDeviceWrite } from '../devices/store.ts';

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
 * A command's statements, each built once (ADR 040) and run in its transaction: the device locked within
 * the scope's reach (per scope kind); the command recorded around the device's update (data-modifying CTEs:
 * the command, its device_activity row and, when the transport applied it at once, the activity log's
 * record and the new state); the acknowledgement (the reported state, the command's end, its record).
 */
function commandStatements(db: Db, audit: AuditLog) {
  const value = sql.placeholder;
  const deviceIs = eq(devices.id, value('deviceId'));
  /** The state the device now has (applied at once, or acknowledged), stored with its time. */
  const storedState = {
    powerOn: columnValue(devices.powerOn, 'powerOn'),
    gangStates: columnValue(devices.gangStates, 'gangStates'),
    fanSpeed: columnValue(devices.fanSpeed, 'fanSpeed'),
    lastUpdated: columnValue(devices.lastUpdated, 'at'),
  };
  const record = (applied: boolean, name: string) => {
    const sent = db.$with('sent').as(
      db.insert(deviceCommands).values({
        id: value('commandId'),
        deviceId: value('deviceId'),
        actorUserId: value('actorId'),
        channel: value('channel'),
        desired: value('desired'),
        status: applied ? 'acked' : 'sent',
        createdAt: value('at'),
        completedAt: applied ? value('at') : null,
      }),
    );
    const activity = db.$with('activity').as(
      db.insert(deviceActivity).values({
        deviceId: value('deviceId'),
        actorUserId: value('actorId'),
        action: value('action'),
        payload: value('payload'),
        channel: value('channel'),
        createdAt: value('at'),
      }),
    );
    const ctes = applied
      ? [sent, activity, db.$with('recorded').as(audit.insertTemplate(db))]
      : [sent, activity];
    return new Reusable(
      commandDeviceWrite(db.with(...ctes), {
        desiredState: columnValue(devices.desiredState, 'desired'),
        ...(applied ? storedState : {}),
        updatedAt: columnValue(devices.updatedAt, 'at'),
      }).prepare(name),
    );
  };
  const commandEnded = db.$with('command_ended').as(
    db
      .update(deviceCommands)
      .set({ status: 'acked', completedAt: columnValue(deviceCommands.completedAt, 'at') })
      .where(eq(deviceCommands.id, value('commandId'))),
  );
  return {
    lock: new Statements(
      'device_command_lock',
      (kind: ScopeKind, name) =>
        new Reusable(
          db
            .select()
            .from(devices)
            .where(and(deviceIs, policyCondition('device', kind, ACTOR, 'change')))
            .limit(1)
            .for('update')
            .prepare(name),
        ),
    ),
    /** By whether the transport applied the command at once (else it is sent). */
    record: new Statements('device_command_record', record, (applied) => (applied ? 'applied' : 'sent')),
    acknowledge: Statements.one(
      'device_command_acknowledge',
      (name) =>
        new Reusable(
          commandDeviceWrite(db.with(commandEnded, db.$with('recorded').as(audit.insertTemplate(db))), {
            ...storedState,
            lastSeenAt: columnValue(devices.lastSeenAt, 'at'),
            updatedAt: columnValue(devices.updatedAt, 'at'),
          }).prepare(name),
        ),
    ),
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
      const desiredState: DesiredState = {
        power_on: desired.power_on,
        gang_states: desired.gang_states,
        ...(device.type === 'isaac' ? { fan_speed: desired.fan_speed } : {}),
      };
      // The desired state, the command, its device_activity row (and with a direct transport the activity
      // log's record) in ONE statement built once (ADR 039, ADR 040).
      const commandId = randomUUID();
      const [updated] = await this.statements.record.get(applied !== null).execute(tx, {
        deviceId: device.id,
        actorId: input.scope.userId,
        commandId,
        channel: input.context.channel,
        desired: desiredState,
        at,
        action: actionOf(command),
        payload: {
          command,
          previous: { power_on: device.powerOn, gang_states: device.gangStates, fan_speed: device.fanSpeed },
          desired,
          applied: applied !== null,
          transport: this.transport.name,
          command_id: commandId,
        },
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
    await this.transport.afterCommit?.(row, desired);
    let result = row;
    if (!applied && this.transport.deliver) {
      result = await this.awaitAcknowledgement(input, previous, row, desired, commandId);
    }
    this.events?.announce('device.state_changed', { device: result });
    return result;
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
    // The reported state, the command's end and its activity-log record in ONE statement (two
    // data-modifying CTEs and the device's update: one round trip, atomic without BEGIN/COMMIT; ADR 039),
    // built once (ADR 040).
    // A device deleted meanwhile takes its commands with it (cascade): then only the audit entry is written
    // and the caller gets a 404.
    const at = this.now();
    const state: DeviceState = {
      power_on: reported.power_on,
      gang_states: reported.gang_states ?? previous.gangStates,
      fan_speed: reported.fan_speed !== undefined ? reported.fan_speed : previous.fanSpeed,
    };
    const [updated] = await this.statements.acknowledge.execute(this.db, {
      deviceId: row.id,
      commandId,
      at,
      powerOn: state.power_on,
      gangStates: state.gang_states,
      fanSpeed: state.fan_speed,
      ...this.audit.templateValues(input.context, outcomeEvent(previous, state, 'acked')),
    });
    if (!updated) throw notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound);
    return updated;
  }
}
