import { ROLE } from '@isaac/contract';
import { desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentedDeviceColumns } from '../modules/devices/presenter.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { fromJson, jsonList, jsonRecord } from './json-rows.ts';
import { devices, electricianCustomers, rooms, users } from './schema/index.ts';

/**
 * Rows carried as JSON decode to exactly what a plain select returns: the same keys, Dates for timestamps,
 * arrays, JSON, nulls, numbers and date strings — on whichever database the suite runs on.
 */
describe('json-rows', () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { user } = await t.createUser({ role: ROLE.owner, name: 'O\'Brien "Q"', city: null });
    ownerId = user.id;
    const [room] = await t.db
      .insert(rooms)
      .values({ name: 'Study', userId: ownerId, type: 'office' })
      .returning();
    const electrician = (await t.createUser({ role: ROLE.electrician })).user;
    await t.db
      .insert(electricianCustomers)
      .values({ electricianId: electrician.id, customerId: ownerId, installationDate: '2026-12-01' });
    const at = new Date('2026-11-26T10:11:12.345Z');
    await t.db.insert(devices).values([
      {
        name: 'Study Switch',
        model: 'LUMOS-3',
        serialNumber: 'LUM-JSON-1',
        type: 'lumos',
        userId: ownerId,
        roomId: room?.id ?? null,
        gangCount: 3,
        gangStates: [true, false, true],
        gangNames: ['Lamp', 'Fan', 'Desk'],
        createdAt: at,
        updatedAt: at,
      },
      {
        name: 'Hall Sensor',
        model: 'SKW-1',
        serialNumber: 'SKW-JSON-1',
        type: 'skywalker',
        userId: ownerId,
        gangCount: 0,
        gangStates: [],
        pm25: 12.5,
        airQualityAt: new Date(at.getTime() + 1_000),
        createdAt: new Date(at.getTime() + 2_000),
        updatedAt: at,
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** One SQL value, selected on its own. */
  const valueOf = async <T>(value: SQL<T>) =>
    (await t.db.select({ value }).from(sql`(select 1) as one`))[0]?.value;

  it('decodes a list of devices (with a room name and the latest update) as the select does', async () => {
    const shape = {
      device: presentedDeviceColumns,
      roomName: sql<
        string | null
      >`(select ${rooms.name} from ${rooms} where ${rooms.id} = ${devices.roomId})`,
    };
    const order = [desc(devices.createdAt), desc(devices.id)];
    const where = eq(devices.userId, ownerId);
    const direct = await t.db
      .select(shape)
      .from(devices)
      .where(where)
      .orderBy(...order);
    const decoded = await valueOf(
      jsonList(shape, (row) =>
        t.db
          .select(row)
          .from(devices)
          .where(where)
          .orderBy(...order),
      ),
    );
    expect(direct).toHaveLength(2);
    expect(decoded).toEqual(direct);
    expect(decoded?.[0]?.device.airQualityAt).toBeInstanceOf(Date);
    expect(decoded?.[1]?.roomName).toBe('Study');
  });

  it('decodes nested records of whole tables, with date strings and nulls', async () => {
    const shape = { user: getTableColumns(users), assignment: getTableColumns(electricianCustomers) };
    const where = eq(electricianCustomers.customerId, ownerId);
    const direct = await t.db
      .select(shape)
      .from(electricianCustomers)
      .innerJoin(users, eq(users.id, electricianCustomers.customerId))
      .where(where);
    const [row] = await t.db
      .select({ one: jsonRecord(shape) })
      .from(electricianCustomers)
      .innerJoin(users, eq(users.id, electricianCustomers.customerId))
      .where(where);
    const decoded = row?.one;
    expect(decoded).toEqual(direct[0]);
    expect(decoded?.user.name).toBe('O\'Brien "Q"');
    expect(decoded?.user.city).toBeNull();
    expect(decoded?.assignment.installationDate).toBe('2026-12-01');
  });

  it('decodes lists and records nested in a row through their own shapes, and a missing record as null', async () => {
    const deviceShape = { name: devices.name, createdAt: devices.createdAt };
    const roomShape = {
      name: rooms.name,
      devices: jsonList(deviceShape, (row) =>
        t.db.select(row).from(devices).where(eq(devices.roomId, rooms.id)).orderBy(devices.name),
      ),
      owner: jsonRecord(
        { name: users.name },
        (tuple) => sql`(select ${tuple} from ${users} where ${users.id} = ${rooms.userId})`,
      ),
      nobody: jsonRecord({ name: users.name }, (tuple) => sql`(select ${tuple} from ${users} where false)`),
    };
    const list = await valueOf(
      jsonList(roomShape, (row) => t.db.select(row).from(rooms).where(eq(rooms.userId, ownerId))),
    );
    expect(list?.[0]).toEqual({
      name: 'Study',
      devices: [{ name: 'Study Switch', createdAt: new Date('2026-11-26T10:11:12.345Z') }],
      owner: { name: 'O\'Brien "Q"' },
      nobody: null,
    });
  });

  it('decodes any key a shape can have (the decoder is made from the keys), and refuses __proto__', () => {
    const shape = { 'room-name': sql<string>`x`, 'say "hi"\\': devices.name, "it's": devices.createdAt };
    expect(fromJson(shape, ['a', null, '2026-11-26T10:11:12.345+00:00'])).toEqual({
      'room-name': 'a',
      'say "hi"\\': null,
      "it's": new Date('2026-11-26T10:11:12.345Z'),
    });
    // A value missing from the array (a shorter tuple) is null, as a SQL null is.
    expect(fromJson(shape, ['a'])).toEqual({ 'room-name': 'a', 'say "hi"\\': null, "it's": null });
    expect(() => fromJson({ ['__proto__']: devices.id }, ['x'])).toThrow(/__proto__/);
  });

  it('reads an empty list as no rows', async () => {
    const shape = { id: devices.id };
    const list = await valueOf(
      jsonList(shape, (row) =>
        t.db
          .select(row)
          .from(devices)
          .where(sql`false`),
      ),
    );
    expect(list).toEqual([]);
  });
});
