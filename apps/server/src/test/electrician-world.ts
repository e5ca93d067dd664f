import { ROLE } from '@isaac/contract';
import { afterAll, beforeAll } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { devices, electricianCustomers, electricianDevices, rooms } from '../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from './helpers.ts';

/**
 * The electrician area's world (issue 11), for the electrician and installation tests: two electricians,
 * E1 assigned owner A (installation date 2026-12-01) and a stock device, E2 owner B; a device and a room in
 * each home. The app logs at trace level into `logLines` (the tests check what is never logged), and
 * sessions outlive the clock moving past the grace period.
 */
export interface ElectricianWorld {
  e1: Record<string, string>;
  e2: Record<string, string>;
  ownerA: { id: string; headers: Record<string, string> };
  ownerB: { id: string; email: string; password: string };
  e1Id: string;
  deviceA: string;
  deviceB: string;
  stock: string;
  roomA: string;
  roomB: string;
}

let serial = 0;

/** A device (ISAAC) in a home, or in nobody's (`userId` null). */
async function addDevice(t: TestApp, userId: string | null, name = 'Purifier'): Promise<string> {
  const [row] = await t.db
    .insert(devices)
    .values({
      name,
      model: 'ISAAC Pro',
      serialNumber: `EL-${process.pid}-${++serial}`,
      type: 'isaac',
      userId,
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('no device');
  return row.id;
}

async function createElectricianWorld(logLines: string[]): Promise<{ t: TestApp; world: ElectricianWorld }> {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const t = await createTestApp({
    logger: pino({ level: 'trace' }, stream),
    accessTokenTtlSeconds: 30 * 24 * 60 * 60,
    env: { SESSION_ABSOLUTE_DAYS: '30', SESSION_IDLE_MINUTES: String(30 * 24 * 60) },
  });
  const e1 = await t.signIn(ROLE.electrician);
  const e2 = await t.signIn(ROLE.electrician);
  const a = await t.signIn(ROLE.owner);
  const b = await t.createUser({ role: ROLE.owner });
  await t.db.insert(electricianCustomers).values([
    { electricianId: e1.user.id, customerId: a.user.id, installationDate: '2026-12-01' },
    { electricianId: e2.user.id, customerId: b.user.id },
  ]);
  const deviceA = await addDevice(t, a.user.id, 'Hall Purifier');
  const deviceB = await addDevice(t, b.user.id, 'Other Purifier');
  const stock = await addDevice(t, null, 'Stock Purifier');
  await t.db.insert(electricianDevices).values({ electricianId: e1.user.id, deviceId: stock });
  const [roomA] = await t.db
    .insert(rooms)
    .values({ userId: a.user.id, name: 'Hall', type: 'living_room' })
    .returning();
  const [roomB] = await t.db
    .insert(rooms)
    .values({ userId: b.user.id, name: 'Den', type: 'office' })
    .returning();
  const world: ElectricianWorld = {
    e1: await authed(t.app, e1.token),
    e2: await authed(t.app, e2.token),
    e1Id: e1.user.id,
    ownerA: { id: a.user.id, headers: await authed(t.app, a.token) },
    ownerB: { id: b.user.id, email: b.user.email, password: b.password },
    deviceA,
    deviceB,
    stock,
    roomA: roomA!.id,
    roomB: roomB!.id,
  };
  return { t, world };
}

/**
 * The world for a test file: built before its tests (`ctx.t`, `ctx.world` once they run), closed after;
 * `get` and `post` call the API as E1 unless given other headers.
 */
export function useElectricianWorld() {
  const logLines: string[] = [];
  const ctx = {} as { t: TestApp; world: ElectricianWorld };
  beforeAll(async () => {
    Object.assign(ctx, await createElectricianWorld(logLines));
  });
  afterAll(() => ctx.t.close());
  const get = (url: string, headers = ctx.world.e1) => ctx.t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object = {}, headers = ctx.world.e1) =>
    ctx.t.app.inject({ method: 'POST', url, headers, payload });
  return { ctx, logLines, get, post };
}
