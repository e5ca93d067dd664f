/**
 * The policy layer per role (ADR 019): owner, another owner, the assigned electrician, an electrician
 * with no assignment, and an admin — each asked about the same device, room, customer and installation,
 * through `may` and through the services that take their conditions (device commands, device and room
 * lists, the dashboard, room changes).
 */
import { deviceListQuerySchema, ROLE, roomListQuerySchema, type PageQuery } from '@isaac/contract';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  devices,
  electricianCustomers,
  electricianDevices,
  installations,
  rooms,
} from '../db/schema/index.ts';
import { auditContextFor, createTestApp, type TestApp } from '../test/helpers.ts';
import type { Read } from '../db/reads.ts';
import { authorize, may, type Access, type PolicyEntity } from './policy.ts';
import { PolicyDenied } from './denied.ts';
import { homeAccessAt } from './home-access.ts';
import { homeOf, homeScopeOf, scopeOf, type Scope } from './scope.ts';

let t: TestApp;
let serial = 0;

/** One home (owner A) assigned to electrician E1, a second home (owner B), and stock assigned to E1. */
const world = {} as {
  ownerA: Scope;
  ownerB: Scope;
  assigned: Scope;
  unassigned: Scope;
  admin: Scope;
  deviceA: string;
  deviceB: string;
  stock: string;
  roomA: string;
  roomB: string;
  installationA: string;
};

async function device(userId: string | null, roomId: string | null = null): Promise<string> {
  const [row] = await t.db
    .insert(devices)
    .values({
      name: `Purifier ${++serial}`,
      model: 'ISAAC Pro',
      serialNumber: `POL-${process.pid}-${serial}`,
      type: 'isaac',
      userId,
      roomId,
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('no device');
  return row.id;
}

async function room(userId: string): Promise<string> {
  const [row] = await t.db.insert(rooms).values({ userId, name: 'Hall', type: 'living_room' }).returning();
  if (!row) throw new Error('no room');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const scope = async (role: number) => {
    const { user } = await t.createUser({ role });
    return scopeOf({ userId: user.id, role });
  };
  world.ownerA = await scope(ROLE.owner);
  world.ownerB = await scope(ROLE.owner);
  world.assigned = await scope(ROLE.electrician);
  world.unassigned = await scope(ROLE.electrician);
  world.admin = await scope(ROLE.admin);
  world.roomA = await room(world.ownerA.userId);
  world.roomB = await room(world.ownerB.userId);
  world.deviceA = await device(world.ownerA.userId, world.roomA);
  world.deviceB = await device(world.ownerB.userId, world.roomB);
  world.stock = await device(null);
  await t.db
    .insert(electricianCustomers)
    .values({ electricianId: world.assigned.userId, customerId: world.ownerA.userId });
  await t.db
    .insert(electricianDevices)
    .values({ electricianId: world.assigned.userId, deviceId: world.stock });
  const [inst] = await t.db
    .insert(installations)
    .values({ electricianId: world.assigned.userId, customerId: world.ownerA.userId })
    .returning();
  if (!inst) throw new Error('no installation');
  world.installationA = inst.id;
});
afterAll(() => t.close());

type Who = 'ownerA' | 'ownerB' | 'assigned' | 'unassigned' | 'admin';
const WHO: Who[] = ['ownerA', 'ownerB', 'assigned', 'unassigned', 'admin'];

/** Who may do what to owner A's home (and E1's stock): the table the policy must answer. */
const EXPECTED: { entity: PolicyEntity; id: () => string; access: Access; allowed: Who[] }[] = [
  { entity: 'device', id: () => world.deviceA, access: 'see', allowed: ['ownerA', 'assigned', 'admin'] },
  { entity: 'device', id: () => world.deviceA, access: 'change', allowed: ['ownerA', 'assigned', 'admin'] },
  { entity: 'device', id: () => world.stock, access: 'change', allowed: ['assigned', 'admin'] },
  { entity: 'room', id: () => world.roomA, access: 'see', allowed: ['ownerA', 'assigned', 'admin'] },
  { entity: 'room', id: () => world.roomA, access: 'change', allowed: ['ownerA', 'assigned', 'admin'] },
  {
    entity: 'customer',
    id: () => world.ownerA.userId,
    access: 'see',
    allowed: ['ownerA', 'assigned', 'admin'],
  },
  { entity: 'customer', id: () => world.assigned.userId, access: 'see', allowed: [] },
  {
    entity: 'installation',
    id: () => world.installationA,
    access: 'see',
    allowed: ['ownerA', 'assigned', 'admin'],
  },
  { entity: 'installation', id: () => world.installationA, access: 'change', allowed: ['assigned', 'admin'] },
];

describe('policy: may / authorize', () => {
  for (const rule of EXPECTED) {
    it(`${rule.access} ${rule.entity}: ${rule.allowed.join(', ') || 'nobody'}`, async () => {
      for (const who of WHO) {
        const answer = await may(t.db, world[who], rule.access, rule.entity, rule.id());
        expect(answer, `${who} ${rule.access} ${rule.entity}`).toBe(rule.allowed.includes(who));
      }
    });
  }

  it("an unknown role reaches nothing; authorize refuses with the policy's own error and the given message", async () => {
    const nobody = scopeOf({ userId: world.ownerA.userId, role: 7 });
    expect(nobody.kind).toBe('none');
    expect(await may(t.db, nobody, 'see', 'device', world.deviceA)).toBe(false);
    const refused = authorize(t.db, world.ownerB, 'see', 'device', world.deviceA, 'Device not found');
    await expect(refused).rejects.toBeInstanceOf(PolicyDenied);
    await expect(refused).rejects.toMatchObject({
      entity: 'device',
      access: 'see',
      message: 'Device not found',
    });
    await expect(authorize(t.db, world.ownerA, 'see', 'device', world.deviceA, 'x')).resolves.toBeUndefined();
  });

  it('only an owner has a home for new rooms and devices: their current one (or their own, to be made)', () => {
    expect(homeOf(world.ownerA)).toEqual({ userId: world.ownerA.userId, homeId: undefined });
    expect(homeOf({ ...world.ownerA, member: { homeId: 'home-1', role: 'owner' } })).toEqual({
      userId: world.ownerA.userId,
      homeId: 'home-1',
    });
    expect(homeOf(world.assigned)).toBeNull();
    expect(homeOf(world.admin)).toBeNull();
  });

  it("the owner API is the caller's own home: an electrician's too, never their customers' (ADR 033)", () => {
    const caller = (role: number) => ({ userId: world.assigned.userId, role, home: 'home-1' });
    const home = { kind: 'owner', userId: world.assigned.userId, home: 'home-1', member: null };
    expect(homeScopeOf(caller(ROLE.electrician))).toEqual(home);
    expect(homeScopeOf(caller(ROLE.owner))).toEqual(home);
    expect(homeScopeOf(caller(ROLE.admin))).toEqual({ kind: 'admin', userId: world.assigned.userId });
  });
});

describe('services take their conditions from the policy', () => {
  const ids = (list: { _id: string }[]) => list.map((d) => d._id).sort();

  /** A read as its route runs it: with a session of the scope's user (`readAsCaller`, ADR 041). */
  const sessionsOf = new Map<string, string>();
  async function asCaller<T>(scope: Scope, read: Read<T>): Promise<T> {
    let sessionId = sessionsOf.get(scope.userId);
    if (sessionId === undefined) {
      sessionId = (await t.app.services.sessions.create(scope.userId, { userAgent: null, ip: null })).id;
      sessionsOf.set(scope.userId, sessionId);
    }
    const result = await t.app.services.sessions.read(read, sessionId);
    if (!result) throw new Error('the session was not read');
    return result.decode();
  }
  const deviceList = (scope: Scope, query: z.input<typeof deviceListQuerySchema>) =>
    asCaller(scope, t.app.services.devices.list(scope, deviceListQuerySchema.parse(query)));
  const roomList = (scope: Scope, query: PageQuery) =>
    asCaller(scope, t.app.services.rooms.list(scope, roomListQuerySchema.parse(query)));
  const dashboardOf = (scope: Scope) => asCaller(scope, t.app.services.dashboard.statistics(scope));

  it('device lists: each scope sees what the policy lets it (prepared per scope kind)', async () => {
    const page = { page: 1, page_size: 100 };
    expect(ids((await deviceList(world.ownerA, page)).devices)).toEqual([world.deviceA]);
    expect(ids((await deviceList(world.ownerB, page)).devices)).toEqual([world.deviceB]);
    expect(ids((await deviceList(world.assigned, page)).devices)).toEqual(
      [world.deviceA, world.stock].sort(),
    );
    expect((await deviceList(world.unassigned, page)).devices).toEqual([]);
    const all = ids((await deviceList(world.admin, page)).devices);
    expect(all).toEqual(expect.arrayContaining([world.deviceA, world.deviceB, world.stock]));
    // A page past the end counts with the same conditions.
    expect((await deviceList(world.assigned, { page: 5, page_size: 1 })).total).toBe(2);
    // The owner's filters still apply within the scope.
    expect(
      (await deviceList(world.assigned, { ...page, room_id: 'none' })).devices.map((d) => d._id),
    ).toEqual([world.stock]);
  });

  it('device commands: the owner, the assigned electrician and an admin may; the others get 404', async () => {
    const { devices: service } = t.app.services;
    for (const who of ['ownerB', 'unassigned'] as const) {
      await expect(
        service.toggle(world[who], world.deviceA, auditContextFor(world[who].userId)),
      ).rejects.toMatchObject({
        statusCode: 404,
      });
    }
    for (const who of ['ownerA', 'assigned', 'admin'] as const) {
      const before = (await deviceList(world.admin, { page: 1, page_size: 100 })).devices.find(
        (d) => d._id === world.deviceA,
      );
      const after = await service.toggle(world[who], world.deviceA, auditContextFor(world[who].userId));
      expect(after.power_on, who).toBe(!before?.power_on);
    }
    await expect(service.checkUpdates(world.unassigned, world.stock)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(service.checkUpdates(world.assigned, world.stock)).resolves.toMatchObject({
      current_version: null,
    });
  });

  it("rooms: a device goes only into a room of its owner's home, whoever moves it", async () => {
    const { devices: service, rooms: roomService } = t.app.services;
    await expect(
      service.assignRoom(world.admin, world.deviceA, world.roomB, auditContextFor(world.admin.userId)),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      service.assignRoom(world.assigned, world.deviceA, world.roomA, auditContextFor(world.assigned.userId)),
    ).resolves.toMatchObject({
      room_id: world.roomA,
    });
    await expect(
      service.assignRoom(world.ownerB, world.deviceA, world.roomB, auditContextFor(world.ownerB.userId)),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      roomService.update(
        world.unassigned,
        world.roomA,
        { name: 'Nope', type: 'kitchen' },
        auditContextFor(world.unassigned.userId),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    const renamed = await roomService.update(
      world.assigned,
      world.roomA,
      { name: 'Hall', type: 'living_room' },
      auditContextFor(world.assigned.userId),
    );
    expect(renamed.devices.map((d) => d._id)).toEqual([world.deviceA]);
    expect(ids((await roomList(world.assigned, { page: 1, page_size: 10 })).rooms)).toEqual([world.roomA]);
    expect((await roomList(world.unassigned, { page: 1, page_size: 10 })).rooms).toEqual([]);
    await expect(
      roomService.create(
        world.assigned,
        { name: 'X', type: 'kitchen' },
        auditContextFor(world.assigned.userId),
      ),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('the dashboard counts what the scope reaches', async () => {
    expect((await dashboardOf(world.ownerA)).statistics).toEqual({
      devices: { total: 1, lumos_devices: 0, isaac: 1, skywalker: 0 },
      rooms: 1,
    });
    expect((await dashboardOf(world.assigned)).statistics).toEqual({
      devices: { total: 2, lumos_devices: 0, isaac: 2, skywalker: 0 },
      rooms: 1,
    });
    expect((await dashboardOf(world.unassigned)).statistics.devices.total).toBe(0);
    expect((await dashboardOf(world.admin)).statistics.devices.total).toBeGreaterThanOrEqual(3);
  });
});

describe("an electrician's access to a customer's home (grace period, ADR 033)", () => {
  const completed = new Date('2026-11-01T10:00:00Z');
  const day = (n: number) => new Date(completed.getTime() + n * 24 * 60 * 60 * 1000);

  it('is full until the grace period after the latest completion has passed, then read-only', () => {
    const installs = { latestCompletedAt: completed, underWay: 0 };
    expect(homeAccessAt(installs, 7, day(6))).toEqual({ access: 'full', readOnlyFrom: day(7) });
    expect(homeAccessAt(installs, 7, day(7))).toEqual({ access: 'read_only', readOnlyFrom: day(7) });
    expect(homeAccessAt(installs, 0, completed)).toEqual({ access: 'read_only', readOnlyFrom: completed });
  });

  it('is full with nothing completed yet, or with an installation under way again', () => {
    expect(homeAccessAt({ latestCompletedAt: null, underWay: 0 }, 7, day(30))).toEqual({
      access: 'full',
      readOnlyFrom: null,
    });
    expect(homeAccessAt({ latestCompletedAt: completed, underWay: 1 }, 7, day(30))).toEqual({
      access: 'full',
      readOnlyFrom: null,
    });
  });
});
