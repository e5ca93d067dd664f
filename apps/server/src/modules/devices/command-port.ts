import type { DeviceCommand } from '@isaac/contract';
import type { DeviceRow } from '../../db/schema/index.ts';
import type { Scope } from '../../policy/scope.ts';
import type { AuditContext } from '../audit/audit-log.ts';

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

/**
 * How the devices module has a device commanded (ADR 010): `modules/device-commands` implements it (its
 * `DeviceCommandService`), and writes the device through the devices module's store — the port keeps the
 * dependency one way (device-commands → devices), as orders' payment port does for payments.
 */
export interface DeviceCommander {
  executeCommand(input: ExecuteCommandInput): Promise<DeviceRow>;
}
