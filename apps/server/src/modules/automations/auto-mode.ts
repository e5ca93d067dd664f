import { AUTOMATION_LIMITS, type AqiScale, type AutomationDefinition, type Device } from '@isaac/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { automations, devices, rooms, type AutomationRow } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { scopeCondition } from '../../policy/policy.ts';
import type { Scope } from '../../policy/scope.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import { presentDevice } from '../devices/presenter.ts';
import { DEVICES_MESSAGES } from '../devices/service.ts';
import { setAutoThreshold } from '../devices/store.ts';

/**
 * ISAAC auto mode (issue 13) as one automation of the engine (issue 33): "PM2.5 above the threshold → the
 * purifier on; back below it by the hysteresis → off again (only if the automation switched it on)". The
 * device settings set it; the Automations page lists it and may change it, and `devices.auto_threshold`
 * (what the device's own read shows) follows whichever changed it last.
 */
export function autoModeDefinition(
  purifier: { id: string; name: string },
  watchedId: string,
  threshold: number,
): AutomationDefinition {
  const name = `Auto mode: ${purifier.name}`.slice(0, 100);
  const power = (on: boolean) => ({
    kind: 'device' as const,
    device_id: purifier.id,
    command: { kind: 'power' as const, on },
  });
  return {
    name,
    enabled: true,
    trigger: {
      kind: 'air_quality',
      device_id: watchedId,
      metric: 'pm25',
      direction: 'above',
      value: threshold,
      for_minutes: 0,
    },
    conditions: [],
    actions: [power(true)],
    clear_actions: [power(false)],
    max_toggles_per_hour: AUTOMATION_LIMITS.defaultMaxTogglesPerHour,
    manual_override_minutes: AUTOMATION_LIMITS.defaultManualOverrideMinutes,
  };
}

/** The threshold an auto-mode automation shows on its purifier (null: off, or no longer a PM2.5 rise). */
export function autoThresholdOf(row: Pick<AutomationRow, 'enabled' | 'definition'>): number | null {
  const trigger = row.definition.trigger;
  if (!row.enabled || trigger.kind !== 'air_quality') return null;
  return trigger.metric === 'pm25' && trigger.direction === 'above' ? trigger.value : null;
}

/**
 * Sets a purifier's auto mode inside the caller's transaction: creates, changes or (null) deletes its
 * automation, watching the room's SKYWALKER (the one added first) or else the purifier's own PM2.5, and
 * keeps the device's copy of the threshold in step. The caller has checked the purifier is the owner's.
 */
export async function setAutoModeAutomation(
  tx: Tx,
  ownerId: string,
  purifier: { id: string; name: string; roomId: string | null; homeId: string | null },
  threshold: number | null,
  now: Date,
): Promise<void> {
  if (threshold === null) {
    await tx.delete(automations).where(eq(automations.autoModeDeviceId, purifier.id));
  } else {
    const [sensor] = purifier.roomId
      ? await tx
          .select({ id: devices.id })
          .from(devices)
          .where(
            and(
              eq(devices.roomId, purifier.roomId),
              eq(devices.type, 'skywalker'),
              eq(devices.userId, ownerId),
            ),
          )
          .orderBy(asc(devices.createdAt), asc(devices.id))
          .limit(1)
      : [];
    const definition = autoModeDefinition(purifier, sensor?.id ?? purifier.id, threshold);
    const columns = {
      name: definition.name,
      definition,
      enabled: true,
      triggerKind: 'air_quality',
      triggerDeviceId: definition.trigger.kind === 'air_quality' ? definition.trigger.device_id : null,
      nextRunAt: null,
      // A new threshold starts a new watch: the old state belongs to the old threshold.
      watch: { phase: 'idle' as const },
      updatedAt: now,
    };
    await tx
      .insert(automations)
      .values({
        userId: ownerId,
        // The purifier's home (issue 32); without one, the database gives the owner's own.
        ...(purifier.homeId ? { homeId: purifier.homeId } : {}),
        autoModeDeviceId: purifier.id,
        createdAt: now,
        ...columns,
      })
      .onConflictDoUpdate({ target: automations.autoModeDeviceId, set: columns });
  }
  await setAutoThreshold(tx, purifier.id, threshold);
}

/** After the Automations page changed or deleted an auto-mode automation: the device's copy follows. */
export async function syncAutoThreshold(
  tx: Tx,
  row: Pick<AutomationRow, 'autoModeDeviceId' | 'enabled' | 'definition'>,
  deleted = false,
): Promise<void> {
  if (row.autoModeDeviceId === null) return;
  await setAutoThreshold(tx, row.autoModeDeviceId, deleted ? null : autoThresholdOf(row));
}

/**
 * PUT /api/devices/:id/auto-mode: a purifier's auto mode on (a PM2.5 threshold) or off (null), for whoever
 * may change the device; only purifiers have it (400). The automation acts for the purifier's owner. One
 * transaction with the activity-log entry; answers the device as its own read shows it.
 */
export class AutoModeSetting {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly aqiScale: AqiScale,
  ) {}

  async set(
    scope: Scope,
    deviceId: string,
    threshold: number | null,
    context: AuditContext,
  ): Promise<Device> {
    return this.db.transaction(async (tx) => {
      const [device] = await tx
        .select({
          id: devices.id,
          type: devices.type,
          name: devices.name,
          roomId: devices.roomId,
          homeId: devices.homeId,
          userId: devices.userId,
          autoThreshold: devices.autoThreshold,
        })
        .from(devices)
        .where(and(eq(devices.id, deviceId), scopeCondition('device', scope, 'change')))
        .limit(1)
        .for('update');
      if (!device || device.userId === null) throw notFound(DEVICES_MESSAGES.notFound);
      if (device.type !== 'isaac') {
        throw badRequest(DEVICES_MESSAGES.autoModeIsaacOnly, [
          { path: 'threshold', message: DEVICES_MESSAGES.autoModeIsaacOnly },
        ]);
      }
      await setAutoModeAutomation(tx, device.userId, device, threshold, this.now());
      const [updated] = await tx.select().from(devices).where(eq(devices.id, device.id));
      if (!updated) throw notFound(DEVICES_MESSAGES.notFound);
      await this.audit.record(tx, context, {
        action: 'device.updated',
        entity: { type: 'device', id: updated.id, name: updated.name },
        changes: { auto_threshold: { before: device.autoThreshold, after: threshold } },
      });
      const [room] = updated.roomId
        ? await tx.select({ name: rooms.name }).from(rooms).where(eq(rooms.id, updated.roomId))
        : [];
      return presentDevice(updated, room?.name ?? null, this.aqiScale);
    });
  }
}
