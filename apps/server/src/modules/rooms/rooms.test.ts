import { API_MSG, ERROR_CODE, ROLE, type Device, type Room } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, devices, rooms } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { ROOMS_MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;

async function owner() {
  const { user, token } = await t.signIn(ROLE.owner);
  return { user, headers: await authed(t.app, token) };
}
type Owner = Awaited<ReturnType<typeof owner>>;

async function addRoom(o: Owner, payload: object = { name: 'Bedroom' }): Promise<Room> {
  const res = await t.app.inject({ method: 'POST', url: '/api/rooms', headers: o.headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ room: Room }>().room;
}

async function addDevice(o: Owner, roomId?: string): Promise<Device> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/devices',
    headers: o.headers,
    payload: {
      name: 'Sensor',
      model: 'SKYWALKER',
      serial_number: `RM-${process.pid}-${++serial}`,
      type: 'skywalker',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const device = res.json<{ device: Device }>().device;
  if (roomId) {
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device._id}/assign-room`,
      headers: o.headers,
      payload: { room_id: roomId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  return device;
}

const listRooms = (o: Owner, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/rooms${query}`, headers: o.headers });

describe('POST /api/rooms', () => {
  it('creates a room; type defaults to bedroom', async () => {
    const o = await owner();
    const room = await addRoom(o, { name: '  Guest Room ' });
    expect(room).toMatchObject({ name: 'Guest Room', type: 'bedroom', devices: [] });
    expect(room._id).toEqual(expect.any(String));
    expect(new Date(room.created_at).getTime()).not.toBeNaN();
  });

  it('accepts every owner room type', async () => {
    const o = await owner();
    const room = await addRoom(o, { name: 'Car port', type: 'garage' });
    expect(room.type).toBe('garage');
  });

  it('requires a name and an owner room type (400 with details)', async () => {
    const o = await owner();
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: o.headers,
      payload: { name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ path: 'name', message: 'Room name is required' }]);
    // 'general' is an electrician customer-room type, not an owner one.
    const general = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: o.headers,
      payload: { name: 'Hall', type: 'general' },
    });
    expect(general.statusCode).toBe(400);
    expect(general.json().details[0].path).toBe('type');
  });
});

describe('one name per home (issue 30)', () => {
  const put = (o: Owner, id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/rooms/${id}`, headers: o.headers, payload });

  it('refuses a second room of the same name in any letter case (409 with the message), creating or renaming', async () => {
    const o = await owner();
    await addRoom(o, { name: 'Kitchen', type: 'kitchen' });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: o.headers,
      payload: { name: '  kITCHEN ', type: 'other' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: ERROR_CODE.conflict, message: API_MSG.roomNameTaken });

    const study = await addRoom(o, { name: 'Study', type: 'office' });
    const renamed = await put(o, study._id, { name: 'KITCHEN', type: 'office' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().message).toBe(API_MSG.roomNameTaken);

    const rows = await t.db.select().from(rooms).where(eq(rooms.userId, o.user.id));
    expect(rows.map((r) => r.name).sort()).toEqual(['Kitchen', 'Study']);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.entityId, study._id));
    expect(audited.map((a) => a.action)).toEqual(['room.created']);
  });

  it("lets a room change its own name's letter case, and another home use the same name", async () => {
    const o = await owner();
    const other = await owner();
    const kitchen = await addRoom(o, { name: 'kitchen', type: 'kitchen' });
    const recased = await put(o, kitchen._id, { name: 'Kitchen', type: 'kitchen' });
    expect(recased.statusCode, recased.body).toBe(200);
    expect(recased.json().room.name).toBe('Kitchen');
    await addRoom(other, { name: 'Kitchen', type: 'kitchen' });
  });
});

describe('GET /api/rooms', () => {
  it('lists my rooms newest first, each with its devices, with page meta', async () => {
    const o = await owner();
    const other = await owner();
    await addRoom(other, { name: 'Not mine' });
    const kitchen = await addRoom(o, { name: 'Kitchen', type: 'kitchen' });
    t.clock.advance(1000);
    const office = await addRoom(o, { name: 'Office', type: 'office' });
    const d1 = await addDevice(o, kitchen._id);
    const d2 = await addDevice(o, kitchen._id);
    await addDevice(o); // in no room
    const res = await listRooms(o);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, page_size: 20, total: 2 });
    expect(body.rooms.map((r: Room) => r.name)).toEqual(['Office', 'Kitchen']);
    expect(body.rooms[0]).toMatchObject({ _id: office._id, devices: [] });
    const kitchenDevices = body.rooms[1].devices as Device[];
    expect(kitchenDevices.map((d) => d._id).sort()).toEqual([d1._id, d2._id].sort());
    expect(kitchenDevices[0]).toMatchObject({ room_id: kitchen._id, room_name: 'Kitchen' });
  });

  it('pages with page and page_size; refuses a bad page (400)', async () => {
    const o = await owner();
    for (const name of ['A', 'B', 'C']) await addRoom(o, { name });
    const page2 = await listRooms(o, '?page=2&page_size=2');
    expect(page2.json()).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(page2.json().rooms).toHaveLength(1);
    const pastTheEnd = await listRooms(o, '?page=3&page_size=2');
    expect(pastTheEnd.json()).toEqual({ rooms: [], page: 3, page_size: 2, total: 3 });
    const bad = await listRooms(o, '?page=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('page');
  });

  it('sorts by name (whatever the case) or when made, both ways; refuses another sort', async () => {
    const o = await owner();
    const ids: string[] = [];
    for (const name of ['bedroom', 'Attic', 'cellar']) {
      ids.push((await addRoom(o, { name }))._id);
      t.clock.advance(1000);
    }
    const [bedroom, attic, cellar] = ids;
    const get = (query: string) => listRooms(o, `?${query}`);
    const listed = (body: unknown) => (body as { rooms: Room[] }).rooms;
    const id = (room: Room) => room._id;
    await expectSortedBy(get, listed, 'name', id, [attic, bedroom, cellar]);
    await expectSortedBy(get, listed, 'created_at', id, [bedroom, attic, cellar]);
    await expectBadSortRefused(get);
  });
});

describe('PUT /api/rooms/:id', () => {
  it('renames and retypes my room, keeping its devices', async () => {
    const o = await owner();
    const room = await addRoom(o, { name: 'Study', type: 'office' });
    const device = await addDevice(o, room._id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room._id}`,
      headers: o.headers,
      payload: { name: 'Reading Room', type: 'other' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().room).toMatchObject({
      _id: room._id,
      name: 'Reading Room',
      type: 'other',
      devices: [{ _id: device._id, room_name: 'Reading Room' }],
    });
  });

  it('validates the body (400) and answers 404 for an unknown room', async () => {
    const o = await owner();
    const room = await addRoom(o);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room._id}`,
      headers: o.headers,
      payload: { name: '', type: 'attic' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['name', 'type']);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/rooms/00000000-0000-4000-8000-000000000000',
      headers: o.headers,
      payload: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('DELETE /api/rooms/:id', () => {
  it('deletes my room; its devices stay, unassigned; other rooms are untouched', async () => {
    const o = await owner();
    const doomed = await addRoom(o, { name: 'Doomed' });
    const kept = await addRoom(o, { name: 'Kept' });
    const inDoomed = await addDevice(o, doomed._id);
    const inKept = await addDevice(o, kept._id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/rooms/${doomed._id}`, headers: o.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ROOMS_MESSAGES.deleted });

    const [gone] = await t.db.select().from(rooms).where(eq(rooms.id, doomed._id));
    expect(gone).toBeUndefined();
    const [orphan] = await t.db.select().from(devices).where(eq(devices.id, inDoomed._id));
    expect(orphan).toMatchObject({ roomId: null, userId: o.user.id });
    const [stays] = await t.db.select().from(devices).where(eq(devices.id, inKept._id));
    expect(stays?.roomId).toBe(kept._id);
    const list = await t.app.inject({ method: 'GET', url: '/api/devices?room_id=none', headers: o.headers });
    expect(list.json().devices.map((d: Device) => d._id)).toEqual([inDoomed._id]);
  });

  it('an unknown room is 404', async () => {
    const o = await owner();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/rooms/00000000-0000-4000-8000-000000000000',
      headers: o.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ERROR_CODE.notFound, message: ROOMS_MESSAGES.notFound });
  });
});

describe("BOLA: owner B cannot see or touch owner A's rooms", () => {
  it("B gets 404 renaming or deleting A's room, and never sees it", async () => {
    const a = await owner();
    const b = await owner();
    const room = await addRoom(a, { name: 'A private room' });
    const device = await addDevice(a, room._id);

    const list = await listRooms(b);
    expect(list.json()).toMatchObject({ total: 0, rooms: [] });
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room._id}`,
      headers: b.headers,
      payload: { name: 'Taken over' },
    });
    expect(rename.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/rooms/${room._id}`,
      headers: b.headers,
    });
    expect(remove.statusCode).toBe(404);

    const [row] = await t.db.select().from(rooms).where(eq(rooms.id, room._id));
    expect(row).toMatchObject({ name: 'A private room', userId: a.user.id });
    const [stillIn] = await t.db.select().from(devices).where(eq(devices.id, device._id));
    expect(stillIn?.roomId).toBe(room._id);
  });
});

describe('roles: only owners may call the room routes', () => {
  it("admins get 403; an electrician reaches only their own home (another owner's room is 404)", async () => {
    const o = await owner();
    const room = await addRoom(o);
    const adminHeaders = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/rooms', headers: adminHeaders }),
      await t.app.inject({ method: 'DELETE', url: `/api/rooms/${room._id}`, headers: adminHeaders }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ERROR_CODE.forbidden);
    }
    const headers = await authed(t.app, (await t.signIn(ROLE.electrician)).token);
    const list = await t.app.inject({ method: 'GET', url: '/api/rooms', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().rooms).toEqual([]);
    for (const res of [
      await t.app.inject({ method: 'PUT', url: `/api/rooms/${room._id}`, headers, payload: { name: 'X' } }),
      await t.app.inject({ method: 'DELETE', url: `/api/rooms/${room._id}`, headers }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(rooms).where(eq(rooms.id, room._id));
    expect(row?.name).toBe('Bedroom');
  });
});

describe('activity log', () => {
  it('records a room created, renamed and deleted, by its owner, in the same transaction', async () => {
    const o = await owner();
    const room = await addRoom(o, { name: 'Study', type: 'office' });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room._id}`,
      headers: o.headers,
      payload: { name: 'Library', type: 'office' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A refused change (blank name, 400) records nothing.
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${room._id}`,
      headers: o.headers,
      payload: { name: '  ', type: 'office' },
    });
    expect(refused.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/rooms/${room._id}`,
      headers: o.headers,
    });
    expect(removed.statusCode).toBe(200);

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, room._id))
      .orderBy(auditLog.at);
    expect(entries.map((e) => [e.action, e.actorId, e.entityName])).toEqual([
      ['room.created', o.user.id, 'Study'],
      ['room.updated', o.user.id, 'Library'],
      ['room.deleted', o.user.id, 'Library'],
    ]);
    expect(entries[0]?.changes).toEqual({
      name: { before: null, after: 'Study' },
      type: { before: null, after: 'office' },
    });
    expect(entries[1]?.changes).toEqual({ name: { before: 'Study', after: 'Library' } });
  });

  it("records nothing when the room is another owner's (404)", async () => {
    const o = await owner();
    const stranger = await owner();
    const room = await addRoom(o, { name: 'Nursery' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/rooms/${room._id}`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, room._id));
    expect(entries.map((e) => e.action)).toEqual(['room.created']);
  });
});
