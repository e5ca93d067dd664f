import { API_MSG, applyDeviceCommand } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deviceActivity, devices, type DesiredState, type DeviceRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { scopeCondition } from '../../policy/policy.ts';
import type { Scope } from '../../policy/scope.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';

/** What a command asks of a device: power for the whole device, or one gang of a Lumos switch. */
export type DeviceCommand = { kind: 'power'; on: boolean } | { kind: 'gang'; index: number; on: boolean };

/** The full state a command asks for (what devices.desired_state records). */
export type DeviceState = {
  power_on: boolean;
  gang_states: boolean[];
};

/**
 * Delivers a desired state to a device. `apply` runs inside the command's transaction and returns
 * the state to store now: the `DirectTransport` applies the desired state at once; a transport that
 * talks to real devices (MQTT) would publish it (ideally after commit, through `afterCommit`) and
 * return null, leaving the stored state to the device's own report.
 */
export interface DeviceTransport {
  readonly name: string;
  apply(device: DeviceRow, desired: DeviceState, tx: Tx): Promise<DeviceState | null>;
  afterCommit?(device: DeviceRow, desired: DeviceState): Promise<void>;
}

/** The default transport: the stored state becomes the desired state immediately. */
export class DirectTransport implements DeviceTransport {
  readonly name = 'direct';
  async apply(_device: DeviceRow, desired: DeviceState): Promise<DeviceState> {
    return desired;
  }
}

export interface ExecuteCommandInput {
  deviceId: string;
  /**
   * Who commands (recorded as the actor) and what they may change: the policy layer's device condition
   * for the scope (ADR 019) — a device outside it is not found (404), no probing.
   */
  scope: Scope;
  /** The command, or a function of the device's current (locked) state — toggles read and write atomically. */
  command: DeviceCommand | ((device: DeviceRow) => DeviceCommand);
  /** Who sent it and through which channel (web, api, voice, device, system): the activity log's record. */
  context: AuditContext;
}

export const DEVICE_COMMANDS_MESSAGES = {
  deviceNotFound: API_MSG.deviceNotFound,
  noGangs: 'This device has no gangs: only Lumos switches have gang switches',
  gangOutOfRange: (count: number) =>
    `Gang index out of range: this device has ${count} gang${count === 1 ? '' : 's'} (0 to ${count - 1})`,
} as const;

/** The state a command leads to, from the device's current state. Throws 400 for an impossible gang. */
export function desiredStateFor(device: DeviceRow, command: DeviceCommand): DeviceState {
  const gangStates = Array.from({ length: device.gangCount }, (_, i) => device.gangStates[i] === true);
  const outcome = applyDeviceCommand({ type: device.type, gang_states: gangStates }, command);
  if (outcome.ok) return outcome.state;
  const message =
    outcome.refusal === 'no_gangs'
      ? DEVICE_COMMANDS_MESSAGES.noGangs
      : DEVICE_COMMANDS_MESSAGES.gangOutOfRange(device.gangCount);
  throw badRequest(message, [{ path: 'gangIndex', message }]);
}

const actionOf = (command: DeviceCommand) =>
  command.kind === 'power' ? (command.on ? 'power_on' : 'power_off') : command.on ? 'gang_on' : 'gang_off';

/**
 * THE way to command a device (routes never write device state themselves). In one transaction:
 * lock the device row, resolve and validate the command, record the desired state, apply it through
 * the transport, update `last_updated`, write a device_activity row (actor, action, payload, channel)
 * and the activity log's `device.command` record (the state asked for, before → after).
 */
export class DeviceCommandService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly transport: DeviceTransport = new DirectTransport(),
  ) {}

  get transportName(): string {
    return this.transport.name;
  }

  async executeCommand(input: ExecuteCommandInput): Promise<DeviceRow> {
    const { row, desired } = await this.db.transaction(async (tx) => {
      const [device] = await tx
        .select()
        .from(devices)
        .where(and(eq(devices.id, input.deviceId), scopeCondition('device', input.scope, 'change')))
        .limit(1)
        .for('update');
      if (!device) throw notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound);

      const command = typeof input.command === 'function' ? input.command(device) : input.command;
      const desired = desiredStateFor(device, command);
      const applied = await this.transport.apply(device, desired, tx);
      const at = this.now();
      const desiredState: DesiredState = { power_on: desired.power_on, gang_states: desired.gang_states };
      const [updated] = await tx
        .update(devices)
        .set({
          desiredState,
          ...(applied ? { powerOn: applied.power_on, gangStates: applied.gang_states } : {}),
          lastUpdated: at,
          updatedAt: at,
        })
        .where(eq(devices.id, device.id))
        .returning();
      if (!updated) throw notFound(DEVICE_COMMANDS_MESSAGES.deviceNotFound);

      await tx.insert(deviceActivity).values({
        deviceId: device.id,
        actorUserId: input.scope.userId,
        action: actionOf(command),
        payload: {
          command,
          previous: { power_on: device.powerOn, gang_states: device.gangStates },
          desired,
          applied: applied !== null,
          transport: this.transport.name,
        },
        channel: input.context.channel,
        createdAt: at,
      });
      await this.audit.record(tx, input.context, {
        action: 'device.command',
        entity: { type: 'device', id: device.id, name: device.name },
        changes: changesBetween<DeviceState>(
          { power_on: device.powerOn, gang_states: device.gangStates },
          desired,
          ['power_on', 'gang_states'],
        ),
      });
      return { row: updated, desired };
    });
    await this.transport.afterCommit?.(row, desired);
    return row;
  }
}
