/**
 * Migration 0034 (issue 32, ADR 069) on a database of the schema before it: every person holding devices,
 * rooms, automations or installations gets one home with them its Owner, every row gets that home, and
 * nothing is lost (the counts before and after are equal).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, MEMORY_URL, type Database } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import { migrationsBefore } from '../../test/migrations.ts';

let database: Database;
let drop: () => Promise<void> = async () => {};
const folders: { remove(): void }[] = [];

/** An empty database: PGlite in memory, or a new PostgreSQL database when the suite runs on one. */
async function emptyDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return createDatabase({ databaseUrl: MEMORY_URL, dataDir: '' });
  const name = `isaac_migration_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  drop = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return createDatabase({ databaseUrl: url.toString(), dataDir: '', poolMax: 2 });
}

/** The rows of a raw statement (the driver's answer carries them as `rows`, PGlite and node-postgres alike). */
const rowsOf = async <T>(query: ReturnType<typeof sql.raw> | ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const count = async (table: string, where = 'true') => {
  const rows = await rowsOf<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where ${where}`));
  return Number(rows[0]!.n);
};

const TABLES = ['users', 'rooms', 'devices', 'automations', 'electrician_customers', 'installations'];

beforeAll(async () => {
  database = await emptyDatabase();
  const before = migrationsBefore('0034_homes');
  folders.push(before);
  await database.migrate(before.folder);
  // Today's data: two owners with rooms and devices, one with an automation; a customer of an electrician
  // with an installation and nothing else; stock (a device in no home); a user with nothing.
  await database.db.execute(sql`
    insert into users (id, name, email, username, password_hash, role) values
      ('u-asha', 'Asha', 'asha@m.test', 'asha', 'x', 2),
      ('u-ravi', 'Ravi', 'ravi@m.test', 'ravi', 'x', 2),
      ('u-cust', 'Chitra', 'chitra@m.test', 'chitra', 'x', 2),
      ('u-elec', 'Eshan', 'eshan@m.test', 'eshan', 'x', 1),
      ('u-none', 'Nobody', 'none@m.test', 'none', 'x', 2)`);
  await database.db.execute(sql`
    insert into rooms (id, user_id, name, type) values
      ('r-a1', 'u-asha', 'Living Room', 'living_room'), ('r-a2', 'u-asha', 'Bedroom', 'bedroom'),
      ('r-r1', 'u-ravi', 'Living Room', 'living_room')`);
  await database.db.execute(sql`
    insert into devices (id, name, model, serial_number, type, user_id, room_id) values
      ('d-a1', 'Purifier', 'M', 'S-a1', 'isaac', 'u-asha', 'r-a1'),
      ('d-a2', 'Switch', 'M', 'S-a2', 'lumos', 'u-asha', null),
      ('d-r1', 'Purifier', 'M', 'S-r1', 'isaac', 'u-ravi', 'r-r1'),
      ('d-stock', 'Stock', 'M', 'S-st', 'isaac', null, null)`);
  await database.db.execute(sql`
    insert into automations (id, user_id, name, definition, trigger_kind) values
      ('a-a1', 'u-asha', 'Night', '{}'::jsonb, 'schedule')`);
  await database.db.execute(sql`
    insert into electrician_customers (id, electrician_id, customer_id) values ('ec-1', 'u-elec', 'u-cust')`);
  await database.db.execute(sql`
    insert into installations (id, electrician_id, customer_id) values ('i-1', 'u-elec', 'u-cust')`);
});
afterAll(async () => {
  await database?.close();
  await drop();
  for (const folder of folders) folder.remove();
});

describe('migration 0034 (homes)', () => {
  it('keeps every row, gives each holder one home with them its owner, and every row its holder’s home', async () => {
    const before = Object.fromEntries(
      await Promise.all(TABLES.map(async (t) => [t, await count(t)] as const)),
    );
    await database.migrate(migrationsFolder());
    const after = Object.fromEntries(
      await Promise.all(TABLES.map(async (t) => [t, await count(t)] as const)),
    );
    expect(after).toEqual(before);

    // Asha, Ravi and the electrician's customer hold something; the electrician and Nobody do not.
    expect(await count('homes')).toBe(3);
    expect(await count('home_members', "role = 'owner'")).toBe(3);
    expect(await count('home_members', "user_id in ('u-elec', 'u-none')")).toBe(0);
    const named = await rowsOf<{ name: string }>(sql`select name from homes order by name`);
    expect(named.map((r) => r.name)).toEqual(["Asha's home", "Chitra's home", "Ravi's home"]);

    const homeOf = `(select home_id from home_members m where m.user_id = %s)`;
    expect(await count('rooms', `home_id = ${homeOf.replace('%s', 'rooms.user_id')}`)).toBe(3);
    expect(await count('devices', `home_id = ${homeOf.replace('%s', 'devices.user_id')}`)).toBe(3);
    expect(await count('devices', 'home_id is null')).toBe(1); // the stock device stays in no home
    expect(await count('automations', `home_id = ${homeOf.replace('%s', 'automations.user_id')}`)).toBe(1);
    for (const table of ['electrician_customers', 'installations'])
      expect(await count(table, `home_id = ${homeOf.replace('%s', `${table}.customer_id`)}`)).toBe(1);
  });

  it('after it, a row written for a person without a home names one (made for them once)', async () => {
    await database.db.execute(sql`
      insert into rooms (id, user_id, name, type) values ('r-n1', 'u-none', 'Den', 'bedroom'), ('r-n2', 'u-none', 'Hall', 'living_room')`);
    expect(await count('home_members', "user_id = 'u-none' and role = 'owner'")).toBe(1);
    expect(await count('rooms', "user_id = 'u-none' and home_id is not null")).toBe(2);
    // Assigning stock to an owner moves it into their home; taking it back, out of any.
    await database.db.execute(sql`update devices set user_id = 'u-ravi' where id = 'd-stock'`);
    expect(
      await count(
        'devices',
        `id = 'd-stock' and home_id = (select home_id from home_members where user_id = 'u-ravi')`,
      ),
    ).toBe(1);
    await database.db.execute(sql`update devices set user_id = null where id = 'd-stock'`);
    expect(await count('devices', "id = 'd-stock' and home_id is null")).toBe(1);
  });
});
