import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { columnValue, Statements } from '../../db/statements.ts';
import { Reusable } from '../../db/reusable.ts';
import { deviceActivity, deviceCommands, devices } from '../../db/schema/index.ts';
import { ACTOR, policyCondition } from '../../policy/policy.ts';
import type { ScopeKind } from '../../policy/scope.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { commandDeviceWrite } from '../devices/store.ts';

/**
 * A command's statements, each built once (ADR 040) and run in its transaction: the device locked within
 * the scope's reach (per scope kind); the command recorded around the device's update (data-modifying CTEs:
 * the command, its device_activity row and, when the transport applied it at once, the activity log's
 * record and the new state); the acknowledgement (the reported state, the command's end, its record).
 */
export function commandStatements(db: Db, audit: AuditLog) {
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
    /**
     * A batch's devices locked in ONE statement (`executeCommands`): each within its own command's scope — the
     * actor and home are columns of the JSON list the statement joins — in id order (two batches lock alike).
     */
    lockMany: new Statements(
      'device_command_lock_many',
      (kind: ScopeKind, name) =>
        new Reusable(
          db
            .select({ ...getTableColumns(devices), batchIndex: sql<number>`c.i` })
            .from(devices)
            .innerJoin(
              sql`jsonb_to_recordset(${value('list')}::jsonb) as c(i int, device_id text, actor_id text, home_id text)`,
              sql`${devices.id} = c.device_id`,
            )
            .where(policyCondition('device', kind, sql`c.actor_id`, 'change', sql`c.home_id`))
            .orderBy(devices.id)
            .for('update', { of: devices })
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
