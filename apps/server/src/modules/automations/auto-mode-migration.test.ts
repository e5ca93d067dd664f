import { automationDefinitionSchema } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { databaseBefore } from '../../test/migrations.ts';

/**
 * Migration 0030 (issue 33): every purifier's auto-mode threshold becomes an automation of the engine,
 * watching its room's SKYWALKER (else its own PM2.5); a purifier auto mode had switched on stays "acted on",
 * so clean air still switches it off.
 */
describe('auto mode moves onto the automation engine (migration 0030)', () => {
  let at: Awaited<ReturnType<typeof databaseBefore>>;
  const run = async (query: ReturnType<typeof sql>) => rowsOf(await at.database.db.execute(query));

  beforeAll(async () => {
    at = await databaseBefore('0030_auto_mode_automations');
    // Rows as the schema of 0029 had them (auto_threshold, auto_on).
    await run(sql`insert into users (id, name, email, username, password_hash, role)
      values ('u1', 'Asha', 'asha@example.com', 'asha', 'x', 3)`);
    await run(
      sql`insert into rooms (id, name, type, user_id) values ('r1', 'Living room', 'living_room', 'u1')`,
    );
    await run(sql`insert into devices (id, name, model, serial_number, type, user_id, room_id, auto_threshold, auto_on, power_on)
      values ('s1', 'Sensor', 'SKYWALKER', 'SN-S1', 'skywalker', 'u1', 'r1', null, false, false),
             ('p1', 'Living Purifier', 'ISAAC Air Purifier', 'SN-P1', 'isaac', 'u1', 'r1', 80, true, true),
             ('p2', 'Hall Purifier', 'ISAAC Air Purifier', 'SN-P2', 'isaac', 'u1', null, 120, false, false),
             ('p3', 'Spare Purifier', 'ISAAC Air Purifier', 'SN-P3', 'isaac', 'u1', null, null, false, false)`);
    await at.upgrade();
  });
  afterAll(() => at.database.close());

  it('creates one automation per purifier with a threshold, and keeps what the device shows', async () => {
    const rows = await run(sql`select user_id, auto_mode_device_id, trigger_kind, trigger_device_id, enabled,
      definition, watch from automations order by auto_mode_device_id`);
    expect(rows).toHaveLength(2);
    const [living, hall] = rows;
    expect(living).toMatchObject({
      user_id: 'u1',
      auto_mode_device_id: 'p1',
      trigger_kind: 'air_quality',
      trigger_device_id: 's1',
      enabled: true,
      watch: { phase: 'fired', acted: true },
    });
    expect(hall).toMatchObject({
      auto_mode_device_id: 'p2',
      trigger_device_id: 'p2',
      watch: { phase: 'idle' },
    });
    for (const row of rows) {
      // A definition the contract accepts as it is (nothing left to defaults).
      const definition = row.definition as Record<string, unknown>;
      expect(automationDefinitionSchema.parse(definition)).toEqual(definition);
    }
    expect(living?.definition).toMatchObject({
      name: 'Auto mode: Living Purifier',
      trigger: { metric: 'pm25', direction: 'above', value: 80, for_minutes: 0 },
      actions: [{ kind: 'device', device_id: 'p1', command: { kind: 'power', on: true } }],
      clear_actions: [{ kind: 'device', device_id: 'p1', command: { kind: 'power', on: false } }],
    });
    const devices = await run(sql`select id, auto_threshold from devices order by id`);
    expect(devices.map((d) => [d.id, d.auto_threshold])).toEqual([
      ['p1', 80],
      ['p2', 120],
      ['p3', null],
      ['s1', null],
    ]);
    const columns = await run(
      sql`select column_name from information_schema.columns where table_name = 'devices' and column_name = 'auto_on'`,
    );
    expect(columns).toHaveLength(0);
  });
});
