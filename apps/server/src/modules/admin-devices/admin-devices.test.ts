import { ERROR_CODE, ROLE, type AdminDeviceList, type AdminDeviceStats, ADMIN_MSG } from '@isaac/contract';
import { and, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, electricianDevices, rooms, type NewDeviceRow } from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const { token } = await t.signIn(ROLE.admin);
  admin = await authed(t.app, token);
});
afterAll(() => t.close());

let serial = 0;
/** A serial unique to this run, with a marker the search tests can look for. */
const nextSerial = (marker = 'SN') => `${marker}-${process.pid}-${++serial}`;

async function insertDevices(rows: Partial<NewDeviceRow>[]): Promise<string[]> {
  const inserted = await t.db
    .insert(devices)
    .values(
      rows.map((r) => ({
        name: 'Purifier',
        model: 'ISAAC Air Purifier',
        serialNumber: nextSerial(),
        type: 'isaac' as const,
        firmwareVersion: '1.0.0',
        ...r,
      })),
    )
    .returning({ id: devices.id });
  return inserted.map((r) => r.id);
}

const list = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/devices?${query}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminDeviceList>();
};
const idsOf = (page: AdminDeviceList) => page.devices.map((d) => d._id);
const post = (url: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('GET /api/admin/devices', () => {
  it('lists every device with its owner, room and electrician, newest first, never the WiFi settings', async () => {
    const { user: owner } = await t.createUser({ role: ROLE.owner, name: 'Meera Nair' });
    const { user: electrician } = await t.createUser({ role: ROLE.electrician, name: 'Kiran Rao' });
    const [room] = await t.db
      .insert(rooms)
      .values({ userId: owner.id, name: 'Study', type: 'office' })
      .returning();
    const [older, newer] = await insertDevices([
      {
        name: 'Older',
        createdAt: new Date(Date.now() - 60_000),
        wifiConfig: { ssid: 'Home', password: 'secret-pw' },
      },
      {
        name: 'Newer',
        userId: owner.id,
        roomId: room?.id,
        type: 'lumos',
        model: 'Lumos 2-Gang',
        gangCount: 2,
      },
    ]);
    await t.db.insert(electricianDevices).values({ electricianId: electrician.id, deviceId: older! });

    const page = await list('page_size=100');
    const ids = idsOf(page);
    expect(ids.indexOf(newer!)).toBeLessThan(ids.indexOf(older!));
    const byId = new Map(page.devices.map((d) => [d._id, d]));
    expect(byId.get(newer!)).toMatchObject({
      owner: { _id: owner.id, name: 'Meera Nair', email: owner.email },
      electrician: null,
      room_name: 'Study',
      user_id: owner.id,
    });
    expect(byId.get(older!)).toMatchObject({
      owner: null,
      electrician: { _id: electrician.id, name: 'Kiran Rao' },
      user_id: null,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/devices?page_size=100',
      headers: admin,
    });
    expect(res.body).not.toContain('secret-pw');
    expect(res.body).not.toContain('password_hash');
  });

  it('searches name, serial, owner name and owner e-mail, any case, anywhere in the text', async () => {
    const { user: owner } = await t.createUser({
      role: ROLE.owner,
      name: 'Zubin Quartermaine',
      email: `zq-${process.pid}@example.test`,
    });
    const [byName, bySerial, byOwner, other] = await insertDevices([
      { name: 'Xylophone Hall Purifier' },
      { serialNumber: nextSerial('QWZX') },
      { userId: owner.id },
      { name: 'Unrelated' },
    ]);
    expect(idsOf(await list('search=xyloPHONE'))).toEqual([byName]);
    expect(idsOf(await list('search=qwzx'))).toEqual([bySerial]);
    expect(idsOf(await list('search=quarterMAINE'))).toEqual([byOwner]);
    expect(idsOf(await list(`search=${encodeURIComponent(`zq-${process.pid}@`)}`))).toEqual([byOwner]);
    expect(idsOf(await list('search=%20%20&page_size=100'))).toContain(other);
    // LIKE's wildcards are matched literally.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('filters by type, online/offline, assigned/available, firmware version and electrician', async () => {
    const { user: owner } = await t.createUser({ role: ROLE.owner });
    const { user: electrician } = await t.createUser({ role: ROLE.electrician });
    const marker = nextSerial('FILTER');
    const [onlineSky, offlineOwned, withEl] = await insertDevices([
      { name: marker, type: 'skywalker', model: 'SKYWALKER', isConnected: true, firmwareVersion: '9.9.1' },
      { name: marker, userId: owner.id, firmwareVersion: '9.9.2' },
      { name: marker, firmwareVersion: '9.9.2' },
    ]);
    await t.db.insert(electricianDevices).values({ electricianId: electrician.id, deviceId: withEl! });
    const q = `search=${marker}`;
    expect(idsOf(await list(`${q}&type=skywalker`))).toEqual([onlineSky]);
    expect(idsOf(await list(`${q}&status=online`))).toEqual([onlineSky]);
    expect(idsOf(await list(`${q}&status=offline`)).sort()).toEqual([offlineOwned, withEl].sort());
    expect(idsOf(await list(`${q}&assignment=assigned`))).toEqual([offlineOwned]);
    expect(idsOf(await list(`${q}&assignment=available`)).sort()).toEqual([onlineSky, withEl].sort());
    expect(idsOf(await list(`${q}&firmware_version=9.9.2`)).sort()).toEqual([offlineOwned, withEl].sort());
    expect(idsOf(await list(`electrician_id=${electrician.id}`))).toEqual([withEl]);
    expect(idsOf(await list(`${q}&type=skywalker&status=offline`))).toEqual([]);

    // Without a search the total is the row counts' sum (ADR 032): it equals the rows' own count.
    const counted: [string, SQL | undefined][] = [
      ['type=skywalker', eq(devices.type, 'skywalker')],
      ['status=online', eq(devices.isConnected, true)],
      ['status=offline&type=isaac', and(eq(devices.isConnected, false), eq(devices.type, 'isaac'))],
      ['assignment=available', isNull(devices.userId)],
      [
        'assignment=assigned&firmware_version=9.9.2',
        and(isNotNull(devices.userId), eq(devices.firmwareVersion, '9.9.2')),
      ],
      ['', undefined],
    ];
    for (const [query, where] of counted) {
      const expected = await t.db.$count(devices, where);
      expect((await list(query)).total, query).toBe(expected);
    }
  });

  it('paginates with the filtered total, also past the last page', async () => {
    const marker = nextSerial('PAGE');
    const ids = await insertDevices(
      Array.from({ length: 5 }, (_, i) => ({ name: marker, createdAt: new Date(Date.now() - i * 1000) })),
    );
    const first = await list(`search=${marker}&page=1&page_size=2`);
    const third = await list(`search=${marker}&page=3&page_size=2`);
    const beyond = await list(`search=${marker}&page=4&page_size=2`);
    expect(first).toMatchObject({ page: 1, page_size: 2, total: 5 });
    expect(idsOf(first)).toEqual(ids.slice(0, 2));
    expect(idsOf(third)).toEqual(ids.slice(4));
    expect(beyond).toMatchObject({ devices: [], page: 4, total: 5 });
  });

  it('sorts by a column of the table, both ways, with the filters', async () => {
    const marker = nextSerial('SORT');
    const { user: owner } = await t.createUser({ role: ROLE.owner, name: `Aaron ${marker}` });
    const ids = await insertDevices([
      { name: `${marker} b`, firmwareVersion: '1.2.0' },
      { name: `${marker} a`, firmwareVersion: '1.10.0', userId: owner.id },
      { name: `${marker} c`, firmwareVersion: '1.1.0' },
    ]);
    const [b, a, c] = ids;
    expect(idsOf(await list(`search=${marker}&sort=name&order=asc`))).toEqual([a, b, c]);
    expect(idsOf(await list(`search=${marker}&sort=name&order=desc`))).toEqual([c, b, a]);
    // devices without an owner last either way
    expect(idsOf(await list(`search=${marker}&sort=owner&order=asc`))[0]).toBe(a);
    expect(idsOf(await list(`search=${marker}&sort=owner&order=desc`))[0]).toBe(a);
    // without a search the total is the row counts' (ADR 032), whatever the sort
    const all = await list('sort=firmware_version&order=desc&page_size=1');
    expect(all.total).toBe((await list('page_size=1')).total);
  });

  it('refuses unknown filter values and an oversized page with 400', async () => {
    for (const query of [
      'type=toaster',
      'status=sleepy',
      'assignment=maybe',
      'page_size=1000',
      'page=0',
      'sort=wifi_configured',
      'order=sideways',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/devices?${query}`, headers: admin });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: ERROR_CODE.validation });
    }
  });
});

describe('GET /api/admin/devices/stats', () => {
  it('counts total, online, offline, distinct types and lists firmware versions in semantic order', async () => {
    const stats = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/devices/stats', headers: admin });
      expect(res.statusCode).toBe(200);
      return res.json<AdminDeviceStats>();
    };
    const before = await stats();
    await insertDevices([
      { isConnected: true, firmwareVersion: '1.10.0' },
      { isConnected: true, firmwareVersion: '1.9.0' },
      { isConnected: false, type: 'lumos', model: 'Lumos', firmwareVersion: null },
    ]);
    const after = await stats();
    expect(after.total - before.total).toBe(3);
    expect(after.online - before.online).toBe(2);
    expect(after.offline - before.offline).toBe(1);
    expect(after.offline).toBe(after.total - after.online);
    const [rows] = await Promise.all([t.db.selectDistinct({ type: devices.type }).from(devices)]);
    expect(after.types).toBe(rows.length);
    expect(after.firmware_versions.indexOf('1.9.0')).toBeLessThan(after.firmware_versions.indexOf('1.10.0'));
  });
});

describe('bulk actions', () => {
  it('unassign-owner makes the devices available (no owner, no room); their electrician stays', async () => {
    const { user: owner } = await t.createUser({ role: ROLE.owner });
    const { user: electrician } = await t.createUser({ role: ROLE.electrician });
    const [room] = await t.db
      .insert(rooms)
      .values({ userId: owner.id, name: 'Hall', type: 'other' })
      .returning();
    const ids = await insertDevices([{ userId: owner.id, roomId: room?.id }, { userId: owner.id }, {}]);
    await t.db.insert(electricianDevices).values({ electricianId: electrician.id, deviceId: ids[0]! });

    const res = await post('/api/admin/devices/unassign-owner', { device_ids: ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MSG.devicesUnassignedFromOwner, updated: 2 });
    const rows = await t.db.select().from(devices).where(inArray(devices.id, ids));
    expect(rows.every((r) => r.userId === null && r.roomId === null)).toBe(true);
    const kept = await t.db.select().from(electricianDevices).where(eq(electricianDevices.deviceId, ids[0]!));
    expect(kept).toHaveLength(1);
  });

  it('unassign-electrician takes the devices from their electrician', async () => {
    const { user: electrician } = await t.createUser({ role: ROLE.electrician });
    const ids = await insertDevices([{}, {}]);
    await t.db
      .insert(electricianDevices)
      .values(ids.map((deviceId) => ({ electricianId: electrician.id, deviceId })));
    const res = await post('/api/admin/devices/unassign-electrician', { device_ids: [ids[0], ids[0]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MSG.devicesUnassignedFromElectrician, updated: 1 });
    const page = await list(`electrician_id=${electrician.id}`);
    expect(idsOf(page)).toEqual([ids[1]]);
  });

  it('changes nothing when any id is unknown (404 naming it) or the selection is empty (400)', async () => {
    const { user: owner } = await t.createUser({ role: ROLE.owner });
    const [id] = await insertDevices([{ userId: owner.id }]);
    const unknown = await post('/api/admin/devices/unassign-owner', { device_ids: [id, 'no-such-device'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: ERROR_CODE.notFound,
      details: [{ path: 'device_ids.1', message: 'Device not found' }],
    });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, id!));
    expect(row?.userId).toBe(owner.id);

    const empty = await post('/api/admin/devices/unassign-owner', { device_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: ERROR_CODE.validation,
      message: expect.stringContaining(ADMIN_MSG.selectDevices),
    });
  });
});

describe('permissions', () => {
  it('answers 403 to owners and electricians on every admin devices route', async () => {
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const { token } = await t.signIn(role);
      const headers = await authed(t.app, token);
      const calls = [
        t.app.inject({ method: 'GET', url: '/api/admin/devices', headers }),
        t.app.inject({ method: 'GET', url: '/api/admin/devices/stats', headers }),
        post('/api/admin/devices/unassign-owner', { device_ids: ['x'] }, headers),
        post('/api/admin/devices/unassign-electrician', { device_ids: ['x'] }, headers),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    }
  });
});
