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
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, devices, rooms } from '../../db/schema/index.ts';
import { useElectricianWorld } from '../../test/electrician-world.ts';
import { authed } from '../../test/helpers.ts';

/**
 * The electrician API (issue 11) with two electricians (`createElectricianWorld`): E1 is assigned owner A and
 * a stock device, E2 owner B. Every read and change of E1 reaches only A's home and E1's stock; B's is 404.
 * The guided install and the customer-status are in installations/guided-install.test.ts.
 */
const WIFI_PASSWORD = 'correct-horse-battery-staple-42';
const { ctx, logLines, get, post } = useElectricianWorld();

describe('who may call it', () => {
  it('refuses owners and admins (403); the owner API serves an electrician their own home', async () => {
    const admin = await authed(ctx.t.app, (await ctx.t.signIn(ROLE.admin)).token);
    for (const url of ['/api/electrician/dashboard', '/electrician/devices', '/electrician/users']) {
      expect((await get(url, ctx.world.ownerA.headers)).statusCode, url).toBe(403);
      expect((await get(url, admin)).statusCode, url).toBe(403);
    }
    const own = await get('/api/devices');
    expect(own.statusCode).toBe(200);
    // their own home: none of their customers' devices
    expect(own.json().devices).toEqual([]);
    const created = await post('/api/rooms', { name: 'My Workshop', type: 'office' });
    expect(created.statusCode).toBe(201);
    const [row] = await ctx.t.db.select().from(rooms).where(eq(rooms.id, created.json().room._id));
    expect(row?.userId).toBe(ctx.world.e1Id);
  });
});

describe('reads', () => {
  it("lists the caller's devices (stock and customers' homes), customers and rooms — never another electrician's", async () => {
    const list = (await get('/electrician/devices?page=1')).json<ElectricianDeviceList>();
    const ids = list.devices.map((d) => d._id);
    expect(ids).toEqual(expect.arrayContaining([ctx.world.deviceA, ctx.world.stock]));
    expect(ids).not.toContain(ctx.world.deviceB);
    expect(list.devices.find((d) => d._id === ctx.world.deviceA)?.device.name).toBe('Hall Purifier');

    const users = (await get('/electrician/users?page=1')).json<ElectricianUserList>();
    expect(users.users.map((u) => u._id)).toEqual([ctx.world.ownerA.id]);
    expect(users.users[0]).toMatchObject({ installation_date: '2026-12-01', 'customer-status': 'assigned' });

    const roomsRes = (await get('/electrician/rooms?page=1')).json();
    expect(roomsRes.rooms.map((r: { _id: string }) => r._id)).toEqual([ctx.world.roomA]);

    const customers = (await get('/api/electrician/customers')).json();
    expect(customers).toMatchObject({ page: 1, total: 1 });
    expect(customers.customers).toHaveLength(1);
    expect(customers.customers[0].customer._id).toBe(ctx.world.ownerA.id);

    expect((await get(`/electrician/user/${ctx.world.ownerA.id}/details`)).json().user._id).toBe(
      ctx.world.ownerA.id,
    );
    expect((await get(`/electrician/user/${ctx.world.ownerA.id}/devices`)).json().devices[0]._id).toBe(
      ctx.world.deviceA,
    );
    expect((await get(`/electrician/user/${ctx.world.ownerA.id}/rooms`)).json().rooms[0].name).toBe('Hall');
  });

  it('searches the device list (name, serial, customer) and sorts every list by its columns on the server', async () => {
    const names = async (url: string) =>
      (await get(url)).json<ElectricianDeviceList>().devices.map((d) => d.device.name);
    expect(await names('/electrician/devices?search=hall')).toEqual(['Hall Purifier']);
    expect(await names('/electrician/devices?search=stock')).toEqual(['Stock Purifier']);
    const [hall] = await ctx.t.db.select().from(devices).where(eq(devices.id, ctx.world.deviceA));
    expect(await names(`/electrician/devices?search=${hall!.serialNumber}`)).toEqual(['Hall Purifier']);
    const ownerA = (await get(`/electrician/user/${ctx.world.ownerA.id}/details`)).json().user;
    expect(await names(`/electrician/devices?search=${encodeURIComponent(ownerA.email)}`)).toEqual([
      'Hall Purifier',
    ]);
    // another electrician's device is not found by any search
    expect(await names('/electrician/devices?search=other')).toEqual([]);

    const byName = await names('/electrician/devices?sort=name&order=asc');
    expect(byName).toEqual([...byName].sort());
    expect(await names('/electrician/devices?sort=name&order=desc')).toEqual([...byName].reverse());
    // by customer: the stock device (no customer) last either way
    expect((await names('/electrician/devices?sort=customer&order=asc')).at(-1)).toBe('Stock Purifier');
    expect((await names('/electrician/devices?sort=customer&order=desc')).at(-1)).toBe('Stock Purifier');
    // a page of one, with the total
    const page = (await get('/electrician/devices?sort=name&order=asc&page=2&page_size=1')).json();
    expect(page).toMatchObject({ page: 2, page_size: 1, total: byName.length });
    expect(page.devices.map((d: { device: { name: string } }) => d.device.name)).toEqual([byName[1]]);

    for (const url of [
      '/electrician/devices?sort=serial_number',
      '/electrician/users?sort=email',
      '/electrician/rooms?sort=type',
      '/electrician/installations?sort=phase',
      '/api/electrician/customers?order=up',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    for (const url of [
      '/electrician/users?sort=customer-status&order=desc',
      '/electrician/rooms?sort=name&order=desc',
      '/electrician/installations?sort=status&order=asc',
      '/api/electrician/customers?sort=customer&order=asc',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it("answers 404 for another electrician's customer, whatever the call", async () => {
    const b = ctx.world.ownerB.id;
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
        await post(`/api/electrician/customer/${b}/devices/${ctx.world.deviceB}/configure`, {
          wifi_ssid: 'a',
          wifi_password: 'b',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await post(`/api/electrician/devices/${ctx.world.deviceB}/configure`, {
          configuration_type: 'bluetooth',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await post('/electrician/assign-device', { device_id: ctx.world.stock, customer_id: b })).statusCode,
    ).toBe(404);
    // a device of another customer cannot be put into A's room, nor A's device into B's room
    expect(
      (
        await post(
          `/api/electrician/customer/${ctx.world.ownerA.id}/devices/${ctx.world.deviceA}/assign-room`,
          {
            room_id: ctx.world.roomB,
          },
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe("changes in a customer's home", () => {
  it("creates a room: blank name → 'Room name is required', type defaults to general", async () => {
    const url = `/api/electrician/customer/${ctx.world.ownerA.id}/rooms`;
    const blank = await post(url, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(ELECTRICIAN_MSG.roomNameRequired);
    const made = await post(url, { name: 'Kids Room' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ message: 'Room created successfully', room: { type: 'general' } });
    const [row] = await ctx.t.db.select().from(rooms).where(eq(rooms.id, made.json().room._id));
    expect(row?.userId).toBe(ctx.world.ownerA.id);
    const again = await post(url, { name: ' kids ROOM ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: ERROR_CODE.conflict, message: API_MSG.roomNameTaken });
  });

  it('configures WiFi (both fields required) and Bluetooth; the password is sealed, never returned, logged or audited', async () => {
    const url = `/api/electrician/customer/${ctx.world.ownerA.id}/devices/${ctx.world.deviceA}/configure`;
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
    const [row] = await ctx.t.db.select().from(devices).where(eq(devices.id, ctx.world.deviceA));
    expect(row?.wifiConfig?.ssid).toBe('Home-2.4G');
    expect(row?.wifiConfig?.password_sealed).toMatch(/^v2\.dev\./);
    expect(JSON.stringify(row?.wifiConfig)).not.toContain(WIFI_PASSWORD);

    // the generic configure call, WiFi then Bluetooth
    const generic = await post(`/api/electrician/devices/${ctx.world.stock}/configure`, {
      configuration_type: 'wifi',
      data: { ssid: 'Stock-Net', password: WIFI_PASSWORD },
    });
    expect(generic.statusCode).toBe(200);
    const noPassword = await post(`/api/electrician/devices/${ctx.world.stock}/configure`, {
      configuration_type: 'wifi',
      data: { ssid: 'Stock-Net' },
    });
    expect(noPassword.statusCode).toBe(400);

    const audit = await ctx.t.db.select().from(auditLog).where(eq(auditLog.action, 'device.configured'));
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
      `/api/electrician/customer/${ctx.world.ownerA.id}/devices/${ctx.world.deviceA}/assign-room`,
      { room_id: ctx.world.roomA },
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().device).toMatchObject({ room_id: ctx.world.roomA, room_name: 'Hall' });

    const given = await post('/electrician/assign-device', {
      device_id: ctx.world.stock,
      customer_id: ctx.world.ownerA.id,
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().device.user_id).toBe(ctx.world.ownerA.id);
    const again = await post('/electrician/assign-device', {
      device_id: ctx.world.stock,
      customer_id: ctx.world.ownerA.id,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('installations', () => {
  let installation: Installation;

  it('starts one for an assigned customer; the customer-status follows', async () => {
    const res = await post('/api/electrician/installations', {
      customer_id: ctx.world.ownerA.id,
      installation_date: '2026-12-01',
      status: 'in_progress',
    });
    expect(res.statusCode).toBe(201);
    installation = res.json().installation;
    expect(installation).toMatchObject({ status: 'in_progress', phase: 'in_progress' });
    expect(installation.devices.map((d) => d.device_id)).toEqual(expect.arrayContaining([ctx.world.deviceA]));
    // configured before the visit: counted configured from now on
    const users = (await get('/electrician/users')).json<ElectricianUserList>();
    expect(users.users[0]?.['customer-status']).toBe('in_progress');
    expect(
      (await post('/api/electrician/installations', { customer_id: ctx.world.ownerB.id })).statusCode,
    ).toBe(404);
  });

  it('starts a pending installation rather than making a second one; one in progress is 409', async () => {
    const planned = await post(
      '/api/electrician/installations',
      { customer_id: ctx.world.ownerB.id, status: 'pending' },
      ctx.world.e2,
    );
    expect(planned.statusCode).toBe(201);
    expect(planned.json().installation.status).toBe('pending');
    // a planned installation has no reference yet and is not "under way" on the dashboard
    expect(planned.json().installation.session_id).toBeNull();
    const before = (await get('/api/electrician/dashboard', ctx.world.e2)).json<ElectricianDashboard>();
    expect(before.statistics.installations).toEqual({ total: 1, active: 0 });
    const started = await post(
      '/api/electrician/installations',
      { customer_id: ctx.world.ownerB.id },
      ctx.world.e2,
    );
    expect(started.statusCode).toBe(201);
    // started: a reference like the demo data's, different from the caller's other one; now under way
    expect(installation.session_id).toMatch(/^INST-\d{8}-\d{3}$/);
    expect(started.json().installation.session_id).toMatch(/^INST-\d{8}-\d{3}$/);
    expect(started.json().installation.session_id).not.toBe(installation.session_id);
    const after = (await get('/api/electrician/dashboard', ctx.world.e2)).json<ElectricianDashboard>();
    expect(after.statistics.installations.active).toBe(1);
    expect(started.json().installation).toMatchObject({
      _id: planned.json().installation._id,
      status: 'in_progress',
    });
    expect(
      (await post('/api/electrician/installations', { customer_id: ctx.world.ownerB.id }, ctx.world.e2))
        .statusCode,
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
    expect((await post(`${url}/phase`, { phase: 'in_progress' }, ctx.world.e2)).statusCode).toBe(404);
    expect((await post(`${url}/start`)).statusCode).toBe(409);
  });

  it('refuses to complete from the workflow or the list while a device is not configured (one rule, issue 30)', async () => {
    const url = `/api/electrician/installations/${installation._id}/complete`;
    // WiFi set on both devices earlier, but neither was ever seen online
    const refused = await post(url, { handover_notes: 'x', customer_training_completed: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `${ELECTRICIAN_MSG.guidedIncomplete}: not configured yet: Hall Purifier (not seen online yet, no test command answered yet), Stock Purifier (not seen online yet, no test command answered yet)`,
    );
    const listBody = await post(url, { notes: 'x', completed_at: new Date().toISOString() });
    expect(listBody.statusCode).toBe(409);
    const shown = (await get(`/api/electrician/installations/${installation._id}`)).json().installation;
    expect(shown.devices).toEqual(
      expect.arrayContaining([expect.objectContaining({ status: 'pending', missing: ['online', 'test'] })]),
    );
    // the broker sees the devices: configured by the rule, and completion goes through
    await ctx.t.db
      .update(devices)
      .set({ isConnected: true, lastSeenAt: new Date() })
      .where(eq(devices.id, ctx.world.deviceA));
    await ctx.t.db.update(devices).set({ lastSeenAt: new Date() }).where(eq(devices.id, ctx.world.stock));
    // seen online, still untested: each answers a test command (another electrician's call is 404)
    const seen = (await get(`/api/electrician/installations/${installation._id}`)).json().installation;
    expect(seen.devices.map((d: { missing: string[] }) => d.missing)).toEqual([['test'], ['test']]);
    const testUrl = (id: string) => `/api/electrician/installations/${installation._id}/devices/${id}/test`;
    expect((await post(testUrl(ctx.world.deviceA), {}, ctx.world.e2)).statusCode).toBe(404);
    expect(
      (await post(`/api/electrician/installations/${installation._id}/devices/${ctx.world.deviceB}/test`))
        .statusCode,
    ).toBe(404);
    for (const id of [ctx.world.deviceA, ctx.world.stock]) {
      const tested = await post(testUrl(id));
      expect(tested.statusCode, tested.body).toBe(200);
    }
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
    const actions = (await ctx.t.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'installation.created',
        'installation.phase_changed',
        'installation.completed',
      ]),
    );
  });

  it('makes the home read-only for the electrician after the grace period; the owner sees it and can revoke', async () => {
    const roomUrl = `/api/electrician/customer/${ctx.world.ownerA.id}/rooms`;
    expect((await post(roomUrl, { name: 'Within grace' })).statusCode).toBe(201);
    ctx.t.clock.advance(8 * 24 * 60 * 60 * 1000);
    const late = await post(roomUrl, { name: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ELECTRICIAN_MSG.readOnly);
    // still visible
    expect((await get(`/electrician/user/${ctx.world.ownerA.id}/rooms`)).statusCode).toBe(200);

    const mine = await get('/api/account/electricians', ctx.world.ownerA.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().electricians).toEqual([
      expect.objectContaining({ _id: ctx.world.e1Id, access: 'read_only', status: 'completed' }),
    ]);
    const revoked = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/account/electricians/${ctx.world.e1Id}`,
      headers: ctx.world.ownerA.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect((await get(`/electrician/user/${ctx.world.ownerA.id}/details`)).statusCode).toBe(404);
    const [entry] = await ctx.t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'assignment.access_revoked'));
    expect(entry?.actorId).toBe(ctx.world.ownerA.id);
    // an electrician may not use the owner's revoke
    expect((await get('/api/account/electricians')).statusCode).toBe(403);
  });
});
