import { ERROR_CODE, ROLE, type Device, type DeviceType } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceActivity, devices, firmware, rooms } from '../../db/schema/index.ts';
import { authed, createTestApp, later, type TestApp } from '../../test/helpers.ts';
import { DEVICES_MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let serial = 0;
const nextSerial = (prefix = 'SN') => `${prefix}-${process.pid}-${Date.now()}-${++serial}`;

/** A signed-in owner with ready-made headers. */
async function owner() {
  const { user, token } = await t.signIn(ROLE.owner);
  return { user, token, headers: await authed(t.app, token) };
}
type Owner = Awaited<ReturnType<typeof owner>>;

async function addDevice(o: Owner, body: Record<string, unknown> = {}): Promise<Device> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/devices',
    headers: o.headers,
    payload: { name: 'Purifier', model: 'ISAAC Air Purifier', serial_number: nextSerial(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ device: Device }>().device;
}

async function addRoom(o: Owner, name = 'Bedroom'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/rooms',
    headers: o.headers,
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ room: { _id: string } }>().room._id;
}

const post = (o: Owner, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: o.headers, ...(payload ? { payload } : {}) });

describe('POST /api/devices', () => {
  it('adds a device that belongs to the caller: defaults, gangs from the model, factory firmware', async () => {
    const o = await owner();
    const serialNumber = nextSerial('LMS');
    const res = await post(o, '/api/devices', {
      name: ' Hall Switch ',
      model: 'Lumos 3-Gang',
      serial_number: serialNumber,
      type: 'lumos',
    });
    expect(res.statusCode).toBe(201);
    const { device } = res.json<{ device: Device }>();
    expect(device).toMatchObject({
      name: 'Hall Switch',
      model: 'Lumos 3-Gang',
      serial_number: serialNumber,
      type: 'lumos',
      user_id: o.user.id,
      room_id: null,
      room_name: null,
      power_on: false,
      is_connected: false,
      firmware_version: '1.0.0',
      gangs: [
        { index: 0, on: false },
        { index: 1, on: false },
        { index: 2, on: false },
      ],
    });
    expect(device._id).toEqual(expect.any(String));
  });

  it('never presents the stored WiFi settings (their password)', async () => {
    const o = await owner();
    const device = await addDevice(o);
    await t.db
      .update(devices)
      .set({ wifiConfigured: true, wifiConfig: { ssid: 'Home-2.4G', password: 'wifi-secret-123' } })
      .where(eq(devices.id, device._id));
    const res = await t.app.inject({ method: 'GET', url: '/api/devices', headers: o.headers });
    expect(res.json().devices[0]).toMatchObject({ _id: device._id, wifi_configured: true });
    expect(res.body).not.toMatch(/wifi-secret-123|wifi_config"/);
  });

  it('type defaults to isaac, which has no gangs', async () => {
    const device = await addDevice(await owner(), { type: undefined });
    expect(device.type).toBe('isaac');
    expect(device.gangs).toEqual([]);
  });

  it('requires name, model and serial_number (400 with details)', async () => {
    const res = await post(await owner(), '/api/devices', { name: '', model: '  ', type: 'toaster' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe(ERROR_CODE.validation);
    const paths = body.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'model', 'serial_number', 'type']));
  });

  it('refuses a serial number that exists (409), even one of another owner', async () => {
    const a = await owner();
    const serialNumber = nextSerial();
    await addDevice(a, { serial_number: serialNumber });
    const res = await post(await owner(), '/api/devices', {
      name: 'Copy',
      model: 'ISAAC Air Purifier',
      serial_number: serialNumber,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ERROR_CODE.conflict, message: DEVICES_MESSAGES.serialTaken });
  });
});

describe('GET /api/devices', () => {
  it('lists only my devices, newest first, with page, page_size and total', async () => {
    const o = await owner();
    const other = await owner();
    await addDevice(other);
    const first = await addDevice(o, { name: 'First' });
    t.clock.advance(1000);
    const second = await addDevice(o, { name: 'Second' });
    const res = await t.app.inject({ method: 'GET', url: '/api/devices', headers: o.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, page_size: 20, total: 2 });
    expect(body.devices.map((d: Device) => d._id)).toEqual([second._id, first._id]);
  });

  it('pages: page_size bounds the page, page 2 holds the rest', async () => {
    const o = await owner();
    for (let i = 0; i < 3; i += 1) await addDevice(o);
    const page2 = await t.app.inject({
      method: 'GET',
      url: '/api/devices?page=2&page_size=2',
      headers: o.headers,
    });
    expect(page2.json()).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(page2.json().devices).toHaveLength(1);
    const pastTheEnd = await t.app.inject({
      method: 'GET',
      url: '/api/devices?page=9&page_size=2',
      headers: o.headers,
    });
    expect(pastTheEnd.json()).toEqual({ devices: [], page: 9, page_size: 2, total: 3 });
  });

  it('filters by room (a room id, or none) and by type', async () => {
    const o = await owner();
    const roomId = await addRoom(o, 'Kitchen');
    const inRoom = await addDevice(o, { type: 'lumos', model: 'Lumos 2-Gang' });
    const loose = await addDevice(o, { type: 'skywalker', model: 'SKYWALKER Air Sensor' });
    await post(o, `/api/devices/${inRoom._id}/assign-room`, { room_id: roomId });
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/devices?${query}`, headers: o.headers });

    const byRoom = (await get(`room_id=${roomId}`)).json();
    expect(byRoom.devices.map((d: Device) => d._id)).toEqual([inRoom._id]);
    expect(byRoom.devices[0].room_name).toBe('Kitchen');
    expect((await get('room_id=none')).json().devices.map((d: Device) => d._id)).toEqual([loose._id]);
    expect((await get('type=skywalker')).json()).toMatchObject({ total: 1, devices: [{ _id: loose._id }] });
  });

  it('sorts by a column of the list, both ways, on the server', async () => {
    const o = await owner();
    const roomId = await addRoom(o, 'Attic');
    const b = await addDevice(o, { name: 'Bravo' });
    const a = await addDevice(o, { name: 'alpha' });
    const c = await addDevice(o, { name: 'Charlie' });
    await post(o, `/api/devices/${c._id}/assign-room`, { room_id: roomId });
    const ids = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/devices?${query}`, headers: o.headers }))
        .json()
        .devices.map((d: Device) => d._id);
    const byName = await ids('sort=name&order=asc');
    expect(byName).toHaveLength(3);
    expect(await ids('sort=name&order=desc')).toEqual([...byName].reverse());
    // PostgreSQL's collation decides the letters' order; both directions are each other's reverse
    expect(new Set(byName)).toEqual(new Set([a._id, b._id, c._id]));
    // devices in no room come last either way
    expect((await ids('sort=room_name&order=asc'))[0]).toBe(c._id);
    expect((await ids('sort=room_name&order=desc'))[0]).toBe(c._id);
    // a page of the sort holds the next rows
    expect(await ids('sort=name&order=asc&page=2&page_size=1')).toEqual([byName[1]]);
  });

  it('refuses bad query values (400 with details)', async () => {
    const o = await owner();
    for (const query of ['page=0', 'page_size=101', 'type=toaster', 'page=abc', 'sort=owner', 'order=up']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/devices?${query}`, headers: o.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().details.length, query).toBeGreaterThan(0);
    }
  });
});

describe('POST /api/devices/:id/toggle', () => {
  it('turns the device on and off, updates last_updated and records who did it, from where', async () => {
    const o = await owner();
    const device = await addDevice(o);
    expect(device.last_updated).toBeNull();
    const on = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device._id}/toggle`,
      headers: { ...o.headers, origin: t.config.webOrigin },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().device).toMatchObject({ power_on: true, status: { power_on: true } });
    expect(on.json().device.last_updated).toEqual(expect.any(String));
    // A little later: two activity rows stored within the same millisecond tie on created_at (ordered below).
    await later();
    const off = await post(o, `/api/devices/${device._id}/toggle`);
    expect(off.json().device.power_on).toBe(false);

    const activity = await t.db
      .select()
      .from(deviceActivity)
      .where(eq(deviceActivity.deviceId, device._id))
      .orderBy(deviceActivity.createdAt);
    expect(activity.map((a) => [a.action, a.channel, a.actorUserId])).toEqual([
      ['power_on', 'web', o.user.id],
      ['power_off', 'api', o.user.id],
    ]);
    expect(activity[0]?.payload).toMatchObject({ command: { kind: 'power', on: true } });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, device._id));
    // A purifier's desired state carries its fan speed (a new ISAAC starts at 'medium').
    expect(row?.desiredState).toEqual({ power_on: false, gang_states: [], fan_speed: 'medium' });
  });

  it('on a Lumos switch, power turns every gang with it', async () => {
    const o = await owner();
    const device = await addDevice(o, { type: 'lumos', model: 'Lumos 2-Gang' });
    const res = await post(o, `/api/devices/${device._id}/toggle`);
    expect(res.json().device).toMatchObject({
      power_on: true,
      gangs: [
        { index: 0, on: true },
        { index: 1, on: true },
      ],
    });
  });

  it('an unknown device is 404', async () => {
    const res = await post(await owner(), '/api/devices/00000000-0000-4000-8000-000000000000/toggle');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DEVICES_MESSAGES.notFound);
  });
});

describe('POST /api/devices/:id/gang/:gangIndex/toggle', () => {
  it('toggles one gang; power is on while any gang is on', async () => {
    const o = await owner();
    const device = await addDevice(o, { type: 'lumos', model: 'Lumos 3-Gang' });
    const one = await post(o, `/api/devices/${device._id}/gang/1/toggle`);
    expect(one.statusCode).toBe(200);
    expect(one.json().device).toMatchObject({
      power_on: true,
      gangs: [
        { index: 0, on: false },
        { index: 1, on: true },
        { index: 2, on: false },
      ],
    });
    // A little later: two activity rows stored within the same millisecond tie on created_at (ordered below).
    await later();
    const back = await post(o, `/api/devices/${device._id}/gang/1/toggle`);
    expect(back.json().device.power_on).toBe(false);
    const actions = await t.db
      .select({ action: deviceActivity.action, payload: deviceActivity.payload })
      .from(deviceActivity)
      .where(eq(deviceActivity.deviceId, device._id))
      .orderBy(deviceActivity.createdAt);
    expect(actions.map((a) => a.action)).toEqual(['gang_on', 'gang_off']);
    expect(actions[0]?.payload).toMatchObject({ command: { kind: 'gang', index: 1, on: true } });
  });

  it('refuses an index outside 0..gang_count-1 (400 on gangIndex) and changes nothing', async () => {
    const o = await owner();
    const device = await addDevice(o, { type: 'lumos', model: 'Lumos 2-Gang' });
    for (const index of ['2', '-1', '7']) {
      const res = await post(o, `/api/devices/${device._id}/gang/${index}/toggle`);
      expect(res.statusCode, index).toBe(400);
      expect(res.json().details, index).toEqual([{ path: 'gangIndex', message: expect.any(String) }]);
    }
    const notANumber = await post(o, `/api/devices/${device._id}/gang/first/toggle`);
    expect(notANumber.statusCode).toBe(400);
    const rows = await t.db.select().from(deviceActivity).where(eq(deviceActivity.deviceId, device._id));
    expect(rows).toEqual([]);
  });

  it('refuses gangs on a device that is not a Lumos switch (400)', async () => {
    const o = await owner();
    const device = await addDevice(o, { type: 'isaac' });
    const res = await post(o, `/api/devices/${device._id}/gang/0/toggle`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no gangs/);
  });
});

describe('POST /api/devices/:id/check-updates', () => {
  const insertFirmware = async (deviceType: DeviceType, versions: string[]) => {
    await t.db.insert(firmware).values(
      versions.map((version) => ({
        deviceType,
        version,
        filename: `${deviceType}-${version}.bin`,
        fileSize: 1024,
        sha256: 'x'.repeat(64),
        storageKey: `firmware/${deviceType}/${version}.bin`,
      })),
    );
  };

  it('offers the newest stored firmware of the type by semantic version', async () => {
    // 1.10.0 is newer than 1.9.2 although it sorts lower as text; another type's 9.0.0 does not count.
    await insertFirmware('skywalker', ['1.0.0', '1.9.2', 'v1.10.0', '1.2.0']);
    await insertFirmware('isaac', ['9.0.0']);
    const o = await owner();
    const device = await addDevice(o, { type: 'skywalker', model: 'SKYWALKER Air Sensor' });
    const res = await post(o, `/api/devices/${device._id}/check-updates`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      update_available: true,
      current_version: '1.0.0',
      latest_version: 'v1.10.0',
    });

    await t.db.update(devices).set({ firmwareVersion: '1.10.0' }).where(eq(devices.id, device._id));
    const upToDate = await post(o, `/api/devices/${device._id}/check-updates`);
    expect(upToDate.json()).toEqual({
      update_available: false,
      current_version: '1.10.0',
      latest_version: 'v1.10.0',
    });
  });

  it('no firmware stored for the type: no update, latest_version null', async () => {
    const o = await owner();
    const device = await addDevice(o, { type: 'lumos', model: 'Lumos 1-Gang' });
    const res = await post(o, `/api/devices/${device._id}/check-updates`);
    expect(res.json()).toEqual({ update_available: false, current_version: '1.0.0', latest_version: null });
  });
});

describe('assign-room and unassign-room', () => {
  it('puts my device into my room and takes it out again', async () => {
    const o = await owner();
    const device = await addDevice(o);
    const roomId = await addRoom(o, 'Office');
    const assigned = await post(o, `/api/devices/${device._id}/assign-room`, { room_id: roomId });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().device).toMatchObject({ room_id: roomId, room_name: 'Office' });
    const unassigned = await post(o, `/api/devices/${device._id}/unassign-room`);
    expect(unassigned.statusCode).toBe(200);
    expect(unassigned.json().device).toMatchObject({ room_id: null, room_name: null });
  });

  it('requires room_id (400 with details)', async () => {
    const o = await owner();
    const device = await addDevice(o);
    const res = await post(o, `/api/devices/${device._id}/assign-room`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('room_id');
  });

  it('an unknown room is 404', async () => {
    const o = await owner();
    const device = await addDevice(o);
    const res = await post(o, `/api/devices/${device._id}/assign-room`, {
      room_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DEVICES_MESSAGES.roomNotFound);
  });
});

describe("BOLA: owner B cannot see or touch owner A's devices", () => {
  let a: Owner;
  let b: Owner;
  let aDevice: Device;
  let aRoom: string;
  let bDevice: Device;
  let bRoom: string;

  beforeAll(async () => {
    a = await owner();
    b = await owner();
    aDevice = await addDevice(a, { type: 'lumos', model: 'Lumos 2-Gang' });
    aRoom = await addRoom(a, 'A room');
    bDevice = await addDevice(b);
    bRoom = await addRoom(b, 'B room');
  });

  it("does not list A's devices for B", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/devices', headers: b.headers });
    expect(res.json().devices.map((d: Device) => d._id)).toEqual([bDevice._id]);
    const byRoom = await t.app.inject({
      method: 'GET',
      url: `/api/devices?room_id=${aRoom}`,
      headers: b.headers,
    });
    expect(byRoom.json()).toMatchObject({ total: 0, devices: [] });
  });

  it("every device action on A's device answers 404 to B and changes nothing", async () => {
    const calls: [string, object | undefined][] = [
      [`/api/devices/${aDevice._id}/toggle`, undefined],
      [`/api/devices/${aDevice._id}/gang/0/toggle`, undefined],
      [`/api/devices/${aDevice._id}/check-updates`, undefined],
      [`/api/devices/${aDevice._id}/assign-room`, { room_id: bRoom }],
      [`/api/devices/${aDevice._id}/unassign-room`, undefined],
    ];
    for (const [url, payload] of calls) {
      const res = await post(b, url, payload);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toBe(ERROR_CODE.notFound);
    }
    const [row] = await t.db.select().from(devices).where(eq(devices.id, aDevice._id));
    expect(row).toMatchObject({
      powerOn: false,
      roomId: null,
      userId: a.user.id,
      gangStates: [false, false],
    });
    const activity = await t.db.select().from(deviceActivity).where(eq(deviceActivity.deviceId, aDevice._id));
    expect(activity).toEqual([]);
  });

  it("B cannot put B's device into A's room (404)", async () => {
    const res = await post(b, `/api/devices/${bDevice._id}/assign-room`, { room_id: aRoom });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(devices)
      .where(and(eq(devices.id, bDevice._id), eq(devices.userId, b.user.id)));
    expect(row?.roomId).toBeNull();
    const inARoom = await t.db.select().from(devices).where(eq(devices.roomId, aRoom));
    expect(inARoom).toEqual([]);
    const [room] = await t.db.select().from(rooms).where(eq(rooms.id, aRoom));
    expect(room?.userId).toBe(a.user.id);
  });
});

describe('roles: only owners may call the device routes', () => {
  it("admins get 403; an electrician reaches only their own home (another owner's device is 404)", async () => {
    const o = await owner();
    const device = await addDevice(o);
    const adminHeaders = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/devices', headers: adminHeaders }),
      await t.app.inject({ method: 'POST', url: `/api/devices/${device._id}/toggle`, headers: adminHeaders }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(ERROR_CODE.forbidden);
    }
    // ADR 033: the owner API serves an electrician their own home
    const headers = await authed(t.app, (await t.signIn(ROLE.electrician)).token);
    const list = await t.app.inject({ method: 'GET', url: '/api/devices', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().devices).toEqual([]);
    const toggle = await t.app.inject({ method: 'POST', url: `/api/devices/${device._id}/toggle`, headers });
    expect(toggle.statusCode).toBe(404);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: { name: 'Workshop Purifier', model: 'Y', serial_number: nextSerial() },
    });
    expect(create.statusCode).toBe(201);
    const mine = await t.app.inject({ method: 'GET', url: '/api/devices', headers });
    expect(mine.json().devices.map((d: { name: string }) => d.name)).toEqual(['Workshop Purifier']);
  });
});

describe('PUT /api/devices/:id/gangs/:gangIndex', () => {
  it("names a switch of a Lumos device: validated, bounded by its gangs, shown in lists, audited, never another owner's", async () => {
    const o = await owner();
    const device = await addDevice(o, { type: 'lumos', model: 'Lumos 2-Gang', name: 'Hall Switch' });
    expect(device.gangs.map((g) => g.name)).toEqual(['Switch 1', 'Switch 2']);
    const url = (index: number) => `/api/devices/${device._id}/gangs/${index}`;
    const put = (index: number, payload: object, headers = o.headers) =>
      t.app.inject({ method: 'PUT', url: url(index), headers, payload });

    const blank = await put(0, { name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain('Switch name is required');
    expect((await put(2, { name: 'Fan' })).statusCode).toBe(404);

    const named = await put(1, { name: ' Ceiling light ' });
    expect(named.statusCode).toBe(200);
    expect(named.json().device.gangs).toEqual([
      { index: 0, on: false, name: 'Switch 1' },
      { index: 1, on: false, name: 'Ceiling light' },
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/api/devices', headers: o.headers });
    expect(list.json().devices[0].gangs[1].name).toBe('Ceiling light');

    const other = await owner();
    expect((await put(0, { name: 'Mine now' }, other.headers)).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, device._id), eq(auditLog.action, 'device.updated')));
    expect(entry?.changes).toEqual({ gang_2_name: { before: 'Switch 2', after: 'Ceiling light' } });
  });
});

describe('activity log', () => {
  const entriesOf = (deviceId: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.entityId, deviceId)).orderBy(auditLog.at);

  it('records the device added, each command (before → after) and each room move, by the owner', async () => {
    const o = await owner();
    const device = await addDevice(o, { name: 'Hall Purifier', type: 'isaac' });
    const roomId = await addRoom(o, 'Hall');
    const toggled = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device._id}/toggle`,
      headers: o.headers,
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    for (const [path, payload] of [
      ['assign-room', { room_id: roomId }],
      ['unassign-room', undefined],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/devices/${device._id}/${path}`,
        headers: o.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const entries = await entriesOf(device._id);
    expect(entries.map((e) => e.action)).toEqual([
      'device.created',
      'device.command',
      'device.updated',
      'device.updated',
    ]);
    for (const entry of entries)
      expect(entry).toMatchObject({ actorId: o.user.id, entityName: 'Hall Purifier' });
    expect(entries[1]?.changes).toEqual({ power_on: { before: false, after: true } });
    expect(entries[2]?.changes).toEqual({ room_id: { before: null, after: roomId } });
    expect(entries[3]?.changes).toEqual({ room_id: { before: roomId, after: null } });
  });

  it('a refused command (a gang index out of range, 400) records nothing', async () => {
    const o = await owner();
    const device = await addDevice(o, { type: 'lumos', model: 'Lumos 2-Gang' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${device._id}/gang/7/toggle`,
      headers: o.headers,
    });
    expect(res.statusCode).toBe(400);
    expect((await entriesOf(device._id)).map((e) => e.action)).toEqual(['device.created']);
  });
});
