import { ELECTRICIAN_MSG, type DeviceCommand, type Installation } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { devices, installationDevices, installations, type DeviceRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import { scopeCondition } from '../../policy/policy.ts';
import type { Scope } from '../../policy/scope.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import type { DeviceCommander } from '../devices/command-port.ts';
import type { CustomerAssignments } from './assignments.ts';
import type { InstallationService } from './service.ts';

/**
 * A command that changes nothing the customer would notice: the power as it is (a Lumos switch: its first
 * gang as it is, since its power turns every gang). The device still has to receive it, apply it and answer.
 */
export function testCommand(device: DeviceRow): DeviceCommand {
  if (device.type === 'lumos' && device.gangCount > 0)
    return { kind: 'gang', index: 0, on: device.gangStates[0] === true };
  return { kind: 'power', on: device.powerOn };
}

/**
 * The test command of an installation's device (issue 34): sent through the device-command service — the
 * one way to command a device, on the caller's policy — and recorded on the installation only once the
 * device has acknowledged it. An offline device is 409 'Device is offline', a silent one 504 'Device did
 * not respond'; neither marks it tested, and completion keeps waiting for it.
 */
export class InstallationDeviceTests {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly commands: DeviceCommander,
    private readonly assignments: CustomerAssignments,
    private readonly installations: InstallationService,
    private readonly now: () => Date,
  ) {}

  /** POST /api/electrician/installations/{id}/devices/{deviceId}/test. */
  async test(scope: Scope, id: string, deviceId: string, context: AuditContext): Promise<Installation> {
    const member = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: installations.status, customerId: installations.customerId })
        .from(installations)
        .where(and(eq(installations.id, id), scopeCondition('installation', scope, 'change')))
        .limit(1);
      if (!row) throw notFound(ELECTRICIAN_MSG.installationNotFound);
      await this.assignments.assertStillAssigned(tx, scope, row.customerId);
      if (row.status !== 'in_progress') throw conflict(ELECTRICIAN_MSG.installationNotInProgress);
      const [found] = await tx
        .select({ name: devices.name })
        .from(installationDevices)
        .innerJoin(devices, eq(devices.id, installationDevices.deviceId))
        .where(and(eq(installationDevices.installationId, id), eq(installationDevices.deviceId, deviceId)))
        .limit(1);
      if (!found) throw notFound(ELECTRICIAN_MSG.deviceNotInInstallation);
      return found;
    });

    // Returns once the device has acknowledged (a device-plane transport waits for it) or throws.
    await this.commands.executeCommand({ scope, deviceId, command: testCommand, context });

    await this.db.transaction(async (tx) => {
      await tx
        .update(installationDevices)
        .set({ testedAt: this.now() })
        .where(and(eq(installationDevices.installationId, id), eq(installationDevices.deviceId, deviceId)));
      await this.audit.record(tx, context, {
        action: 'installation.device_tested',
        entity: { type: 'installation', id, name: member.name },
        changes: { tested: { before: null, after: member.name } },
      });
    });
    return this.installations.presentedInstallation(this.db, id);
  }
}
