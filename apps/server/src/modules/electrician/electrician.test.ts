import {
  API_MSG,
  ELECTRICIAN_MSG,
  ERROR_CODE,
  ROLE,
  type ElectricianDashboard,
  type ElectricianDeviceList,
  type ElectricianUserList,
  type Installation,
} from '@isaac/contract';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  devices,
  electricianCustomers,
  electricianDevices,
  installationDevices,
  installations,
  rooms,
} from '../../db/schema/index.ts';
import { authed, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { pngBytes, pngChunk, pngDataUrl } from './test-png.ts';

/**
 * The electrician API (issue 11) with two electricians: E1 is assigned owner A and a stock device, E2
 * owner B. Every read and change of E1 reaches only A's home and E1's stock; B's is 404.
 */
let t: TestApp;
const logLines: string[] = [];
const WIFI_PASSWORD = 'correct-horse-battery-staple-42';
let serial = 0;

const world = {} as {
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
};

async function device(userId: string | null, name = 'Purifier'): Promise<string> {
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

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // sessions outlive the clock moving past the grace period
  t = await createTestApp({
    logger: pino({ level: 'trace' }, stream),
    accessTokenTtlSeconds: 30 * 24 * 60 * 60,
    env: { SESSION_ABSOLUTE_DAYS: '30', SESSION_IDLE_MINUTES: String(30 * 24 * 60) },
  });
  const e1 = await t.signIn(ROLE.electrician);
  const e2 = await t.signIn(ROLE.electrician);
  const a = await t.signIn(ROLE.owner);
  const b = await t.createUser({ role: ROLE.owner });
  world.e1 = await authed(t.app, e1.token);
  world.e2 = await authed(t.app, e2.token);
  world.e1Id = e1.user.id;
  world.ownerA = { id: a.user.id, headers: await authed(t.app, a.token) };
  world.ownerB = { id: b.user.id, email: b.user.email, password: b.password };
  await t.db.insert(electricianCustomers).values([
    { electricianId: e1.user.id, customerId: a.user.id, installationDate: '2026-12-01' },
    { electricianId: e2.user.id, customerId: b.user.id },
  ]);
  world.deviceA = await device(a.user.id, 'Hall Purifier');
  world.deviceB = await device(b.user.id, 'Other Purifier');
  world.stock = await device(null, 'Stock Purifier');
  await t.db.insert(electricianDevices).values({ electricianId: e1.user.id, deviceId: world.stock });
  const [roomA] = await t.db
    .insert(rooms)
    .values({ userId: a.user.id, name: 'Hall', type: 'living_room' })
    .returning();
  const [roomB] = await t.db
    .insert(rooms)
    .values({ userId: b.user.id, name: 'Den', type: 'office' })
    .returning();
  world.roomA = roomA!.id;
  world.roomB = roomB!.id;
});
afterAll(() => t.close());

const get = (url: string, headers = world.e1) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: object = {}, headers = world.e1) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('who may call it', () => {
  it('refuses owners and admins (403); the owner API serves an electrician their own home', async () => {
    const admin = await authed(t.app, (await t.signIn(ROLE.admin)).token);
    for (const url of ['/api/electrician/dashboard', '/electrician/devices', '/electrician/users']) {
      expect((await get(url, world.ownerA.headers)).statusCode, url).toBe(403);
      expect((await get(url, admin)).statusCode, url).toBe(403);
    }
    const own = await get('/api/devices');
    expect(own.statusCode).toBe(200);
    // their own home: none of their customers' devices
    expect(own.json().devices).toEqual([]);
    const created = await post('/api/rooms', { name: 'My Workshop', type: 'office' });
    expect(created.statusCode).toBe(201);
    const [row] = await t.db.select().from(rooms).where(eq(rooms.id, created.json().room._id));
    expect(row?.userId).toBe(world.e1Id);
  });
});

describe('reads', () => {
  it("lists the caller's devices (stock and customers' homes), customers and rooms — never another electrician's", async () => {
    const list = (await get('/electrician/devices?page=1')).json<ElectricianDeviceList>();
    const ids = list.devices.map((d) => d._id);
    expect(ids).toEqual(expect.arrayContaining([world.deviceA, world.stock]));
    expect(ids).not.toContain(world.deviceB);
    expect(list.devices.find((d) => d._id === world.deviceA)?.device.name).toBe('Hall Purifier');

    const users = (await get('/electrician/users?page=1')).json<ElectricianUserList>();
    expect(users.users.map((u) => u._id)).toEqual([world.ownerA.id]);
    expect(users.users[0]).toMatchObject({ installation_date: '2026-12-01', 'customer-status': 'assigned' });

    const roomsRes = (await get('/electrician/rooms?page=1')).json();
    expect(roomsRes.rooms.map((r: { _id: string }) => r._id)).toEqual([world.roomA]);

    const customers = (await get('/api/electrician/customers')).json();
    expect(customers.customers).toHaveLength(1);
    expect(customers.customers[0].customer._id).toBe(world.ownerA.id);

    expect((await get(`/electrician/user/${world.ownerA.id}/details`)).json().user._id).toBe(world.ownerA.id);
    expect((await get(`/electrician/user/${world.ownerA.id}/devices`)).json().devices[0]._id).toBe(
      world.deviceA,
    );
    expect((await get(`/electrician/user/${world.ownerA.id}/rooms`)).json().rooms[0].name).toBe('Hall');
  });

  it("answers 404 for another electrician's customer, whatever the call", async () => {
    const b = world.ownerB.id;
    for (const url of [
      `/electrician/user/${b}/details`,
      `/electrician/user/${b}/devices`,
      `/electrician/user/${b}/rooms`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(ELECTRICIAN_MSG.customerNotFound);
    }
    expect((await post(`/api/electrician/customer/${b}/rooms`, { name: 'X' })).statusCode).toBe(404);
    expect(
      (
        await post(`/api/electrician/customer/${b}/devices/${world.deviceB}/configure`, {
          wifi_ssid: 'a',
          wifi_password: 'b',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/electrician/devices/${world.deviceB}/configure`, { configuration_type: 'bluetooth' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await post('/electrician/assign-device', { device_id: world.stock, customer_id: b })).statusCode,
    ).toBe(404);
    // a device of another customer cannot be put into A's room, nor A's device into B's room
    expect(
      (
        await post(`/api/electrician/customer/${world.ownerA.id}/devices/${world.deviceA}/assign-room`, {
          room_id: world.roomB,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("changes in a customer's home", () => {
  it("creates a room: blank name → 'Room name is required', type defaults to general", async () => {
    const url = `/api/electrician/customer/${world.ownerA.id}/rooms`;
    const blank = await post(url, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(ELECTRICIAN_MSG.roomNameRequired);
    const made = await post(url, { name: 'Kids Room' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ message: 'Room created successfully', room: { type: 'general' } });
    const [row] = await t.db.select().from(rooms).where(eq(rooms.id, made.json().room._id));
    expect(row?.userId).toBe(world.ownerA.id);
    const again = await post(url, { name: ' kids ROOM ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: ERROR_CODE.conflict, message: API_MSG.roomNameTaken });
  });

  it('configures WiFi (both fields required) and Bluetooth; the password is sealed, never returned, logged or audited', async () => {
    const url = `/api/electrician/customer/${world.ownerA.id}/devices/${world.deviceA}/configure`;
    const missing = await post(url, { wifi_ssid: 'Home-2.4G' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(ELECTRICIAN_MSG.wifiRequired);

    const res = await post(url, {
      wifi_ssid: 'Home-2.4G',
      wifi_password: WIFI_PASSWORD,
      bluetooth_pairing: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ELECTRICIAN_MSG.deviceConfigured,
      device: { wifi_configured: true, bluetooth_paired: true },
    });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, world.deviceA));
    expect(row?.wifiConfig?.ssid).toBe('Home-2.4G');
    expect(row?.wifiConfig?.password_sealed).toMatch(/^v2\.dev\./);
    expect(JSON.stringify(row?.wifiConfig)).not.toContain(WIFI_PASSWORD);

    // the generic configure call, WiFi then Bluetooth
    const generic = await post(`/api/electrician/devices/${world.stock}/configure`, {
      configuration_type: 'wifi',
      data: { ssid: 'Stock-Net', password: WIFI_PASSWORD },
    });
    expect(generic.statusCode).toBe(200);
    const noPassword = await post(`/api/electrician/devices/${world.stock}/configure`, {
      configuration_type: 'wifi',
      data: { ssid: 'Stock-Net' },
    });
    expect(noPassword.statusCode).toBe(400);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'device.configured'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audit)).toContain('Home-2.4G');
    expect(JSON.stringify(audit)).not.toContain(WIFI_PASSWORD);
    for (const body of [res.body, generic.body, (await get('/electrician/devices')).body]) {
      expect(body).not.toContain(WIFI_PASSWORD);
      expect(body).not.toContain('password_sealed');
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(WIFI_PASSWORD);
  });

  it("assigns a device to one of the customer's rooms, and a stock device to the customer", async () => {
    const moved = await post(
      `/api/electrician/customer/${world.ownerA.id}/devices/${world.deviceA}/assign-room`,
      { room_id: world.roomA },
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().device).toMatchObject({ room_id: world.roomA, room_name: 'Hall' });

    const given = await post('/electrician/assign-device', {
      device_id: world.stock,
      customer_id: world.ownerA.id,
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().device.user_id).toBe(world.ownerA.id);
    const again = await post('/electrician/assign-device', {
      device_id: world.stock,
      customer_id: world.ownerA.id,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('installations', () => {
  let installation: Installation;

  it('starts one for an assigned customer; the customer-status follows', async () => {
    const res = await post('/api/electrician/installations', {
      customer_id: world.ownerA.id,
      installation_date: '2026-12-01',
      status: 'in_progress',
    });
    expect(res.statusCode).toBe(201);
    installation = res.json().installation;
    expect(installation).toMatchObject({ status: 'in_progress', phase: 'in_progress' });
    expect(installation.devices.map((d) => d.device_id)).toEqual(expect.arrayContaining([world.deviceA]));
    // configured before the visit: counted configured from now on
    const users = (await get('/electrician/users')).json<ElectricianUserList>();
    expect(users.users[0]?.['customer-status']).toBe('in_progress');
    expect((await post('/api/electrician/installations', { customer_id: world.ownerB.id })).statusCode).toBe(
      404,
    );
  });

  it('starts a pending installation rather than making a second one; one in progress is 409', async () => {
    const planned = await post(
      '/api/electrician/installations',
      { customer_id: world.ownerB.id, status: 'pending' },
      world.e2,
    );
    expect(planned.statusCode).toBe(201);
    expect(planned.json().installation.status).toBe('pending');
    // a planned installation has no reference yet and is not "under way" on the dashboard
    expect(planned.json().installation.session_id).toBeNull();
    const before = (await get('/api/electrician/dashboard', world.e2)).json<ElectricianDashboard>();
    expect(before.statistics.installations).toEqual({ total: 1, active: 0 });
    const started = await post('/api/electrician/installations', { customer_id: world.ownerB.id }, world.e2);
    expect(started.statusCode).toBe(201);
    // started: a reference like the demo data's, different from the caller's other one; now under way
    expect(installation.session_id).toMatch(/^INST-\d{8}-\d{3}$/);
    expect(started.json().installation.session_id).toMatch(/^INST-\d{8}-\d{3}$/);
    expect(started.json().installation.session_id).not.toBe(installation.session_id);
    const after = (await get('/api/electrician/dashboard', world.e2)).json<ElectricianDashboard>();
    expect(after.statistics.installations.active).toBe(1);
    expect(started.json().installation).toMatchObject({
      _id: planned.json().installation._id,
      status: 'in_progress',
    });
    expect(
      (await post('/api/electrician/installations', { customer_id: world.ownerB.id }, world.e2)).statusCode,
    ).toBe(409);
  });

  it('moves through phases in any order while in progress, but `completed` only through complete', async () => {
    const url = `/api/electrician/installations/${installation._id}`;
    const phase = await post(`${url}/phase`, { phase: 'post_installation', notes: 'Wiring done' });
    expect(phase.statusCode).toBe(200);
    expect(phase.json()).toMatchObject({
      message: ELECTRICIAN_MSG.phaseUpdated,
      installation: { phase: 'post_installation', notes: 'Wiring done' },
    });
    expect((await post(`${url}/phase`, { phase: 'pre_installation' })).statusCode).toBe(200);
    expect((await post(`${url}/phase`, { phase: 'completed' })).statusCode).toBe(409);
    expect((await post(`${url}/phase`, {})).statusCode).toBe(400);
    // another electrician: not found
    expect((await post(`${url}/phase`, { phase: 'in_progress' }, world.e2)).statusCode).toBe(404);
    expect((await post(`${url}/start`)).statusCode).toBe(409);
  });

  it('refuses to complete from the workflow or the list while a device is not configured (one rule, issue 30)', async () => {
    const url = `/api/electrician/installations/${installation._id}/complete`;
    // WiFi set on both devices earlier, but neither was ever seen online
    const refused = await post(url, { handover_notes: 'x', customer_training_completed: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${ELECTRICIAN_MSG.guidedIncomplete}: not configured yet: Hall Purifier (not seen online yet), Stock Purifier (not seen online yet)`,
    );
    const listBody = await post(url, { notes: 'x', completed_at: new Date().toISOString() });
    expect(listBody.statusCode).toBe(409);
    const shown = (await get(`/api/electrician/installations/${installation._id}`)).json().installation;
    expect(shown.devices).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'pending', missing: ['online'] })]),
    );
    // the broker sees the devices: configured by the rule, and completion goes through
    await t.db
      .update(devices)
      .set({ isConnected: true, lastSeenAt: new Date() })
      .where(eq(devices.id, world.deviceA));
    await t.db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, world.stock));
    const ready = (await get(`/api/electrician/installations/${installation._id}`)).json().installation;
    expect(
      ready.devices.every(
        (d: { status: string; missing: string[] }) => d.status === 'configured' && d.missing.length === 0,
      ),
    ).toBe(true);
  });

  it('completes once (twice is 409), with the workflow body; the customer is completed', async () => {
    const url = `/api/electrician/installations/${installation._id}/complete`;
    const done = await post(url, {
      handover_notes: 'Keys with the guard',
      customer_training_completed: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().installation).toMatchObject({
      status: 'completed',
      phase: 'completed',
      handover_notes: 'Keys with the guard',
      customer_training_completed: true,
    });
    expect((await post(url, { notes: 'again' })).statusCode).toBe(409);
    const users = (await get('/electrician/users')).json<ElectricianUserList>();
    expect(users.users[0]?.['customer-status']).toBe('completed');
    const dashboard = (await get('/api/electrician/dashboard')).json<ElectricianDashboard>();
    expect(dashboard.statistics).toMatchObject({ users: 1, installations: { total: 1, active: 0 } });
    expect(dashboard.statistics.devices.total).toBeGreaterThanOrEqual(2);
    expect(dashboard.installations[0]?._id).toBe(installation._id);
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'installation.created',
        'installation.phase_changed',
        'installation.completed',
      ]),
    );
  });

  it('makes the home read-only for the electrician after the grace period; the owner sees it and can revoke', async () => {
    const roomUrl = `/api/electrician/customer/${world.ownerA.id}/rooms`;
    expect((await post(roomUrl, { name: 'Within grace' })).statusCode).toBe(201);
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    const late = await post(roomUrl, { name: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ELECTRICIAN_MSG.readOnly);
    // still visible
    expect((await get(`/electrician/user/${world.ownerA.id}/rooms`)).statusCode).toBe(200);

    const mine = await get('/api/account/electricians', world.ownerA.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().electricians).toEqual([
      expect.objectContaining({ _id: world.e1Id, access: 'read_only', status: 'completed' }),
    ]);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/electricians/${world.e1Id}`,
      headers: world.ownerA.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get(`/electrician/user/${world.ownerA.id}/details`)).statusCode).toBe(404);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'assignment.access_revoked'));
    expect(entry?.actorId).toBe(world.ownerA.id);
    // an electrician may not use the owner's revoke
    expect((await get('/api/account/electricians')).statusCode).toBe(403);
  });
});

describe('the guided install (ADR 034)', () => {
  // a 300×100 white PNG (what a signature pad draws on)
  const PNG = pngDataUrl(pngBytes(300, 100));

  it('resumes the open installation as guided, refuses to complete until devices, training and signature are done', async () => {
    const stockSerial = `GUIDE-${process.pid}`;
    const [stock] = await t.db
      .insert(devices)
      .values({ name: 'Kitchen Sensor', model: 'SKYWALKER', serialNumber: stockSerial, type: 'skywalker' })
      .returning({ id: devices.id });
    const [e2] = await t.db
      .select({ id: electricianCustomers.electricianId })
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, world.ownerB.id));
    await t.db.insert(electricianDevices).values({ electricianId: e2!.id, deviceId: stock!.id });

    const started = await post(
      '/api/electrician/installations/guided',
      { customer_id: world.ownerB.id },
      world.e2,
    );
    expect(started.statusCode).toBe(200);
    const installation = started.json().installation as Installation;
    expect(installation).toMatchObject({ status: 'in_progress', guided_step: 'devices', signature: null });
    const url = `/api/electrician/installations/${installation._id}`;

    const early = await post(`${url}/complete`, {}, world.e2);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not configured yet.*training.*signature/);

    expect((await post(`${url}/devices`, { serial_number: 'NOPE-1' }, world.e2)).statusCode).toBe(404);
    const added = await post(`${url}/devices`, { serial_number: stockSerial }, world.e2);
    expect(added.statusCode).toBe(200);
    expect(added.json().installation.devices.map((d: { device_id: string }) => d.device_id)).toContain(
      stock!.id,
    );
    const [owned] = await t.db.select().from(devices).where(eq(devices.id, stock!.id));
    expect(owned?.userId).toBe(world.ownerB.id);

    for (const deviceId of [stock!.id, world.deviceB]) {
      const res = await post(
        `/api/electrician/devices/${deviceId}/configure`,
        { configuration_type: 'wifi', data: { ssid: 'B-Home', password: 'pw-123456' } },
        world.e2,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    // Bluetooth alone is not configured; WiFi set but never online is not either, and the refusal says so
    const paired = await post(
      `/api/electrician/devices/${stock!.id}/configure`,
      { configuration_type: 'bluetooth' },
      world.e2,
    );
    expect(paired.statusCode).toBe(200);
    const notOnline = await post(`${url}/complete`, {}, world.e2);
    expect(notOnline.json().message).toContain('Kitchen Sensor (not seen online yet)');
    await t.db.update(devices).set({ isConnected: true }).where(eq(devices.id, stock!.id));
    await t.db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, world.deviceB));
    // resumable: the step is kept on the server
    expect((await post(`${url}/step`, { step: 'training' }, world.e2)).statusCode).toBe(200);
    expect((await get(url, world.e2)).json().installation.guided_step).toBe('training');
    const [stepEntry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, installation._id), eq(auditLog.action, 'installation.updated')));
    expect(stepEntry?.changes).toEqual({ guided_step: { before: 'devices', after: 'training' } });

    expect((await post(`${url}/training`, { items: ['Rooms and switch names'] }, world.e2)).statusCode).toBe(
      400,
    );
    const trained = await post(
      `${url}/training`,
      {
        items: [
          'Turning each device on and off in the app',
          'Reading the air quality and the filter life',
          'Rooms and switch names',
          'Who to call for support',
        ],
      },
      world.e2,
    );
    expect(trained.json().installation.customer_training_completed).toBe(true);
    expect((await post(`${url}/complete`, {}, world.e2)).json().message).toMatch(/signature is missing/);

    expect(
      (await post(`${url}/signature`, { signer_name: 'B Owner', image: 'data:text/html,<b>x</b>' }, world.e2))
        .statusCode,
    ).toBe(400);
    const signed = await post(`${url}/signature`, { signer_name: 'B Owner', image: PNG }, world.e2);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().installation.signature.signed_by).toBe('B Owner');
    // another electrician reaches none of it
    expect((await post(`${url}/signature`, { signer_name: 'X', image: PNG })).statusCode).toBe(404);

    const done = await post(`${url}/complete`, { handover_notes: 'All set' }, world.e2);
    expect(done.statusCode, done.body).toBe(200);

    // the electrician's list shows who signed and when, never the image (the owner's record has it)
    const list = await get('/electrician/installations?page=1', world.e2);
    expect(list.json()).toMatchObject({
      page: 1,
      total: 1,
      installations: [{ _id: installation._id, signature: { signed_by: 'B Owner' }, status: 'completed' }],
    });
    expect(list.body).not.toContain(PNG);
    // …and the sign-off with its image one call away (the workflow card shows it); another electrician: 404
    const signature = await get(`${url}/signature`, world.e2);
    expect(signature.statusCode, signature.body).toBe(200);
    expect(signature.json()).toMatchObject({ signature: { signed_by: 'B Owner', image: PNG } });
    expect((await get(`${url}/signature`)).statusCode).toBe(404);
    expect((await get('/api/electrician/dashboard', world.e2)).body).not.toContain(PNG);
    const past = await get('/electrician/installations?page=2', world.e2);
    expect(past.json()).toMatchObject({ page: 2, total: 1, installations: [] });

    // the owner sees the record with the signature
    const ownerToken = await login(t.app, world.ownerB.email, world.ownerB.password);
    const records = await get('/api/installations', await authed(t.app, ownerToken));
    expect(records.statusCode).toBe(200);
    const record = records.json().installations.find((r: { _id: string }) => r._id === installation._id);
    expect(record).toMatchObject({
      status: 'completed',
      handover_notes: 'All set',
      signature: { signed_by: 'B Owner' },
      signature_image: PNG,
    });
    expect((await get('/api/installations', world.e2)).statusCode).toBe(403);
  });

  it('a signature is a real PNG of sane size, final once stored; reopening (audited, with a reason) clears it (issue 29)', async () => {
    const list = await get('/electrician/installations?page=1', world.e2);
    const [completed] = list.json().installations as Installation[];
    expect(completed).toMatchObject({ status: 'completed', signature: { signed_by: 'B Owner' } });
    const url = `/api/electrician/installations/${completed!._id}`;

    // A completed installation's signature cannot be replaced, nor by another electrician reopened.
    expect((await post(`${url}/signature`, { signer_name: 'X', image: PNG }, world.e2)).statusCode).toBe(409);
    expect((await post(`${url}/reopen`, { reason: 'Customer asks' })).statusCode).toBe(404);
    expect((await post(`${url}/reopen`, { reason: '  ' }, world.e2)).statusCode).toBe(400);
    const reopened = await post(
      `${url}/reopen`,
      { reason: 'The customer signed with the wrong name' },
      world.e2,
    );
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      message: ELECTRICIAN_MSG.installationReopened,
      installation: { status: 'in_progress', signature: null },
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, completed!._id), eq(auditLog.action, 'installation.reopened')));
    expect(entry?.changes).toMatchObject({
      reason: { before: null, after: 'The customer signed with the wrong name' },
      signed_by: { before: 'B Owner', after: null },
      status: { before: 'completed', after: 'in_progress' },
    });

    // Only a well-formed PNG of sane dimensions is stored.
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const good = pngBytes(300, 100);
    const badCrc = Buffer.from(good);
    badCrc[badCrc.length - 20] = (badCrc[badCrc.length - 20] ?? 0) ^ 0xff;
    const refused: [string, string][] = [
      ['svg+xml data URL', `data:image/svg+xml;base64,${svg.toString('base64')}`],
      ['an SVG labelled PNG', pngDataUrl(svg)],
      ['PNG magic then a script', pngDataUrl(Buffer.concat([good.subarray(0, 8), svg]))],
      ['1×1', pngDataUrl(pngBytes(1, 1))],
      ['too small', pngDataUrl(pngBytes(49, 100))],
      ['too wide', pngDataUrl(pngBytes(2001, 100))],
      ['too tall', pngDataUrl(pngBytes(300, 1001))],
      ['bytes after IEND', pngDataUrl(Buffer.concat([good, svg]))],
      ['truncated', pngDataUrl(good.subarray(0, good.length - 12))],
      ['a wrong CRC', pngDataUrl(badCrc)],
      ['no image data', pngDataUrl(Buffer.concat([good.subarray(0, 33), good.subarray(good.length - 12)]))],
      ['over the size limit', `data:image/png;base64,${'A'.repeat(400_004)}`],
    ];
    for (const [label, image] of refused) {
      const res = await post(`${url}/signature`, { signer_name: 'B Owner', image }, world.e2);
      expect(res.statusCode, label).toBe(400);
    }
    expect(
      (
        await post(
          `${url}/signature`,
          { signer_name: 'B Owner', image: pngDataUrl(pngBytes(1, 1)) },
          world.e2,
        )
      ).json().message,
    ).toMatch(/between 50×20 and 2000×1000 pixels/);
    expect((await get(url, world.e2)).json().installation.signature).toBeNull();

    // The largest accepted, with an ancillary text chunk: stored; then final.
    const withText = pngDataUrl(
      pngBytes(2000, 1000, [pngChunk('tEXt', Buffer.from('Software\0signature_pad'))]),
    );
    const signed = await post(`${url}/signature`, { signer_name: 'B Owner', image: withText }, world.e2);
    expect(signed.statusCode, signed.body).toBe(200);
    const again = await post(`${url}/signature`, { signer_name: 'Someone Else', image: PNG }, world.e2);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ELECTRICIAN_MSG.signatureFinal);
    expect((await get(url, world.e2)).json().installation.signature.signed_by).toBe('B Owner');

    // In progress and signed: reopening clears the signature and the customer signs again.
    expect((await post(`${url}/reopen`, { reason: 'Smudged' }, world.e2)).statusCode).toBe(200);
    const resigned = await post(`${url}/signature`, { signer_name: 'B Owner', image: PNG }, world.e2);
    expect(resigned.statusCode).toBe(200);
    const done = await post(`${url}/complete`, {}, world.e2);
    expect(done.statusCode, done.body).toBe(200);
    const ownerToken = await login(t.app, world.ownerB.email, world.ownerB.password);
    const records = await get('/api/installations', await authed(t.app, ownerToken));
    const record = records.json().installations.find((r: { _id: string }) => r._id === completed!._id);
    expect(record.signature_image).toBe(PNG);
  });
});

describe('the customer-status (issue 30)', () => {
  it("derives from all the customer's installations: completing one while another is planned is not Completed", async () => {
    const [assignment] = await t.db
      .select()
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, world.ownerB.id));
    const e2 = assignment!.electricianId;
    const [open, planned] = await t.db
      .insert(installations)
      .values([
        { electricianId: e2, customerId: world.ownerB.id, status: 'in_progress', phase: 'in_progress' },
        { electricianId: e2, customerId: world.ownerB.id, status: 'pending', phase: 'pre_installation' },
      ])
      .returning();
    await t.db.insert(installationDevices).values({ installationId: open!.id, deviceId: world.deviceB });
    const done = await post(
      `/api/electrician/installations/${open!.id}/complete`,
      { notes: 'Second visit' },
      world.e2,
    );
    expect(done.statusCode, done.body).toBe(200);
    const status = async () =>
      (await get(`/electrician/user/${world.ownerB.id}/details`, world.e2)).json().user['customer-status'];
    expect(await status()).toBe('assigned');
    expect((await post(`/api/electrician/installations/${planned!.id}/start`, {}, world.e2)).statusCode).toBe(
      200,
    );
    expect(await status()).toBe('in_progress');
  });
});
