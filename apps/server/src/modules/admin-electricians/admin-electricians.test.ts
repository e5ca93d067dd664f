import {
  businessDate,
  ERROR_CODE,
  ROLE,
  type AdminCustomerList,
  type AdminElectricianList,
  type AssignCustomersResponse,
  ADMIN_MSG,
} from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  devices,
  electricianCustomers,
  electricianDevices,
  installations,
} from '../../db/schema/index.ts';
import { authed, createTestApp, type TestApp } from '../../test/helpers.ts';
import { expectBadSortRefused, expectSortedBy } from '../../test/list-sorting.ts';
import { ADMIN_ELECTRICIAN_MESSAGES } from './service.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const { token } = await t.signIn(ROLE.admin);
  admin = await authed(t.app, token);
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const today = () => businessDate(t.clock.now());
const inDays = (days: number) => businessDate(new Date(t.clock.now().getTime() + days * DAY_MS));

const post = (url: string, payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ method: 'GET', url, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

let serial = 0;
async function insertDevice(): Promise<string> {
  const [row] = await t.db
    .insert(devices)
    .values({ name: 'Switch', model: 'Lumos', serialNumber: `EL-${process.pid}-${++serial}`, type: 'lumos' })
    .returning({ id: devices.id });
  return row!.id;
}

const electrician = (name?: string) => t.createUser({ role: ROLE.electrician, ...(name ? { name } : {}) });
const owner = (name?: string) => t.createUser({ role: ROLE.owner, ...(name ? { name } : {}) });

describe('POST /api/admin/electricians/:electrician_id/customers', () => {
  it('assigns owners with an installation date; they appear in the customers list with the assignment', async () => {
    const { user: el } = await electrician('Farhan Ali');
    const { user: a } = await owner();
    const { user: b } = await owner();
    const date = inDays(3);
    const res = await post(`/api/admin/electricians/${el.id}/customers`, {
      customer_ids: [a.id, b.id, a.id],
      installation_date: date,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: ADMIN_MSG.customersAssigned,
      assigned: 2,
      reassigned: [],
      notice: null,
    });

    const list = await get<AdminCustomerList>(`/api/admin/customers?electrician_id=${el.id}`);
    expect(list.total).toBe(2);
    expect(list.customers.map((c) => c._id).sort()).toEqual([a.id, b.id].sort());
    expect(list.customers[0]?.assignment).toMatchObject({
      electrician: { _id: el.id, name: 'Farhan Ali' },
      installation_date: date,
      status: 'assigned',
    });
  });

  it('accepts today; refuses a past date, no customers or no date with the spec message (400)', async () => {
    const { user: el } = await electrician();
    const { user: a } = await owner();
    const ok = await post(`/api/admin/electricians/${el.id}/customers`, {
      customer_ids: [a.id],
      installation_date: today(),
    });
    expect(ok.statusCode, ok.body).toBe(200);

    const past = await post(`/api/admin/electricians/${el.id}/customers`, {
      customer_ids: [a.id],
      installation_date: inDays(-1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      error: ERROR_CODE.validation,
      message: ADMIN_MSG.installationDateInPast,
    });

    for (const body of [
      { customer_ids: [], installation_date: today() },
      { customer_ids: [a.id] },
      { customer_ids: [a.id], installation_date: '31/12/2030' },
    ]) {
      const res = await post(`/api/admin/electricians/${el.id}/customers`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(ADMIN_MSG.selectElectricianCustomersAndDate);
    }
  });

  it('refuses non-owners (400) and unknown customers or electricians (404), changing nothing', async () => {
    const { user: el } = await electrician();
    const { user: a } = await owner();
    const { user: otherElectrician } = await electrician();
    const body = (ids: string[]) => ({ customer_ids: ids, installation_date: inDays(1) });

    const notOwner = await post(
      `/api/admin/electricians/${el.id}/customers`,
      body([a.id, otherElectrician.id]),
    );
    expect(notOwner.statusCode).toBe(400);
    expect(notOwner.json()).toMatchObject({
      message: ADMIN_ELECTRICIAN_MESSAGES.notOwners,
      details: [{ path: 'customer_ids.1' }],
    });
    const unknown = await post(`/api/admin/electricians/${el.id}/customers`, body(['nobody', a.id]));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      error: ERROR_CODE.notFound,
      details: [{ path: 'customer_ids.0' }],
    });
    const rows = await t.db
      .select()
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, a.id));
    expect(rows).toEqual([]);

    for (const id of ['no-such-user', a.id]) {
      const res = await post(`/api/admin/electricians/${id}/customers`, body([a.id]));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(ADMIN_ELECTRICIAN_MESSAGES.electricianNotFound);
    }
  });

  it('re-assigning moves the customer to the new electrician and says so', async () => {
    const { user: first } = await electrician('Ravi Kumar');
    const { user: second } = await electrician('Suresh Patil');
    const { user: customer } = await owner('Priya Sharma');
    await post(`/api/admin/electricians/${first.id}/customers`, {
      customer_ids: [customer.id],
      installation_date: inDays(1),
    });
    await t.db
      .update(electricianCustomers)
      .set({ status: 'in_progress' })
      .where(eq(electricianCustomers.customerId, customer.id));

    // The same electrician again: a new date, the progress is kept, nobody moved.
    const same = await post(`/api/admin/electricians/${first.id}/customers`, {
      customer_ids: [customer.id],
      installation_date: inDays(2),
    });
    expect(same.json<AssignCustomersResponse>()).toMatchObject({ reassigned: [], notice: null });
    let [row] = await t.db
      .select()
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, customer.id));
    expect(row).toMatchObject({
      electricianId: first.id,
      installationDate: inDays(2),
      status: 'in_progress',
    });

    const moved = await post(`/api/admin/electricians/${second.id}/customers`, {
      customer_ids: [customer.id],
      installation_date: inDays(5),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({
      message: ADMIN_MSG.customersAssigned,
      assigned: 1,
      reassigned: [
        {
          _id: customer.id,
          name: 'Priya Sharma',
          previous_electrician: { _id: first.id, name: 'Ravi Kumar', email: first.email },
        },
      ],
      notice: 'Priya Sharma moved from Ravi Kumar',
    });
    const rows = await t.db
      .select()
      .from(electricianCustomers)
      .where(eq(electricianCustomers.customerId, customer.id));
    expect(rows).toHaveLength(1);
    [row] = rows;
    expect(row).toMatchObject({ electricianId: second.id, installationDate: inDays(5), status: 'assigned' });
  });

  it('re-assigning a completed customer for a new date starts over (Assigned); the same date keeps Completed', async () => {
    const { user: el } = await electrician();
    const { user: customer } = await owner();
    const assign = (date: string) =>
      post(`/api/admin/electricians/${el.id}/customers`, {
        customer_ids: [customer.id],
        installation_date: date,
      });
    expect((await assign(inDays(1))).statusCode).toBe(200);
    await t.db
      .update(electricianCustomers)
      .set({ status: 'completed' })
      .where(eq(electricianCustomers.customerId, customer.id));
    const statusOf = async () =>
      (
        await t.db
          .select({ status: electricianCustomers.status })
          .from(electricianCustomers)
          .where(eq(electricianCustomers.customerId, customer.id))
      )[0]?.status;
    expect((await assign(inDays(1))).statusCode).toBe(200);
    expect(await statusOf()).toBe('completed');
    expect((await assign(inDays(9))).statusCode).toBe(200);
    expect(await statusOf()).toBe('assigned');
  });
});

describe('activity', () => {
  it('records each assignment and unassignment in the audit log; a refused change records nothing', async () => {
    const { user: first } = await electrician('Ravi Audit');
    const { user: second } = await electrician('Suresh Audit');
    const { user: customer } = await owner('Priya Audit');
    const entries = () => t.db.select().from(auditLog).where(eq(auditLog.entityId, customer.id));
    await post(`/api/admin/electricians/${first.id}/customers`, {
      customer_ids: [customer.id],
      installation_date: inDays(1),
    });
    await post(`/api/admin/electricians/${second.id}/customers`, {
      customer_ids: [customer.id],
      installation_date: inDays(2),
    });
    const refused = await post(`/api/admin/electricians/${second.id}/customers`, {
      customer_ids: [customer.id, 'nobody'],
      installation_date: inDays(3),
    });
    expect(refused.statusCode).toBe(404);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/electricians/${second.id}/customers/${customer.id}`,
      headers: admin,
    });
    const rows = (await entries()).sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(rows.map((r) => r.action)).toEqual([
      'assignment.customer_assigned',
      'assignment.customer_assigned',
      'assignment.customer_unassigned',
    ]);
    expect(rows[1]).toMatchObject({
      entityType: 'assignment',
      entityName: 'Priya Audit',
      channel: 'api',
      changes: {
        electrician: { before: 'Ravi Audit', after: 'Suresh Audit' },
        installation_date: { before: inDays(1), after: inDays(2) },
      },
    });

    const device = await insertDevice();
    await post(`/api/admin/electricians/${first.id}/devices`, { device_ids: [device] });
    const [deviceEntry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, device));
    expect(deviceEntry).toMatchObject({
      action: 'assignment.device_assigned',
      changes: { electrician_id: { before: null, after: first.id } },
    });
  });
});

describe('DELETE /api/admin/electricians/:electrician_id/customers/:customer_id', () => {
  it('unassigns the customer; an assignment that does not exist is 404', async () => {
    const { user: el } = await electrician();
    const { user: customer } = await owner();
    await post(`/api/admin/electricians/${el.id}/customers`, {
      customer_ids: [customer.id],
      installation_date: today(),
    });
    const url = `/api/admin/electricians/${el.id}/customers/${customer.id}`;
    const res = await t.app.inject({ method: 'DELETE', url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MSG.customerUnassigned });
    const again = await t.app.inject({ method: 'DELETE', url, headers: admin });
    expect(again.statusCode).toBe(404);
  });
});

describe('POST /api/admin/electricians/:electrician_id/devices', () => {
  it('assigns devices; a device with another electrician moves; unknown ids change nothing (404)', async () => {
    const { user: first } = await electrician();
    const { user: second } = await electrician();
    const [d1, d2] = [await insertDevice(), await insertDevice()];
    const res = await post(`/api/admin/electricians/${first.id}/devices`, { device_ids: [d1, d2] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: ADMIN_MSG.devicesAssigned, assigned: 2, moved: 0 });

    const moved = await post(`/api/admin/electricians/${second.id}/devices`, { device_ids: [d2] });
    expect(moved.json()).toEqual({ message: ADMIN_MSG.devicesAssigned, assigned: 1, moved: 1 });
    const rows = await t.db.select().from(electricianDevices).where(eq(electricianDevices.deviceId, d2));
    expect(rows.map((r) => r.electricianId)).toEqual([second.id]);

    const unknown = await post(`/api/admin/electricians/${first.id}/devices`, { device_ids: [d2, 'nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      details: [{ path: 'device_ids.1', message: 'Device not found' }],
    });
    const still = await t.db.select().from(electricianDevices).where(eq(electricianDevices.deviceId, d2));
    expect(still.map((r) => r.electricianId)).toEqual([second.id]);

    const empty = await post(`/api/admin/electricians/${first.id}/devices`, { device_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(ADMIN_MSG.selectElectricianAndDevices);
    const noElectrician = await post('/api/admin/electricians/nobody/devices', { device_ids: [d1] });
    expect(noElectrician.statusCode).toBe(404);
  });
});

describe('GET /api/admin/electricians', () => {
  it('lists electricians with customers, devices and installations by status, and the totals', async () => {
    const before = await get<AdminElectricianList>('/api/admin/electricians?page_size=100');
    const { user: el } = await electrician('Aaron Counted');
    const [c1, c2] = [(await owner()).user, (await owner()).user];
    await post(`/api/admin/electricians/${el.id}/customers`, {
      customer_ids: [c1.id, c2.id],
      installation_date: today(),
    });
    await post(`/api/admin/electricians/${el.id}/devices`, { device_ids: [await insertDevice()] });
    await t.db.insert(installations).values([
      { electricianId: el.id, customerId: c1.id, status: 'pending' },
      { electricianId: el.id, customerId: c1.id, status: 'completed' },
      { electricianId: el.id, customerId: c2.id, status: 'in_progress' },
      { electricianId: el.id, customerId: c2.id, status: 'in_progress' },
    ]);

    const after = await get<AdminElectricianList>('/api/admin/electricians?page_size=100');
    expect(after.statistics.electricians - before.statistics.electricians).toBe(1);
    expect(after.statistics.customers - before.statistics.customers).toBe(2);
    expect(after.statistics.devices - before.statistics.devices).toBe(1);
    expect(after.total).toBe(after.statistics.electricians);
    expect(after.electricians.find((e) => e._id === el.id)).toMatchObject({
      name: 'Aaron Counted',
      customers: 2,
      devices: 1,
      installations: { total: 4, pending: 1, in_progress: 2, completed: 1 },
    });
    // Ordered by name (whatever the case); a search narrows by name or e-mail.
    const names = after.electricians.map((e) => e.name.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    const found = await get<AdminElectricianList>('/api/admin/electricians?search=aaron%20COUNTED');
    expect(found.electricians.map((e) => e._id)).toEqual([el.id]);
    expect(found.total).toBe(1);
    const paged = await get<AdminElectricianList>('/api/admin/electricians?page=1&page_size=1');
    expect(paged).toMatchObject({ page: 1, page_size: 1, total: after.total });
    expect(paged.electricians).toHaveLength(1);
  });

  it('sorts by a column of the table, both ways; refuses another sort', async () => {
    const tag = `zs${Date.now()}`;
    const made = async (name: string, customers: number, devices: number, installed: number) => {
      const { user: el } = await electrician(`${name} ${tag}`);
      const owners = [];
      for (let i = 0; i < customers; i += 1) owners.push((await owner()).user.id);
      if (owners.length > 0) {
        await post(`/api/admin/electricians/${el.id}/customers`, {
          customer_ids: owners,
          installation_date: today(),
        });
      }
      const deviceIds = [];
      for (let i = 0; i < devices; i += 1) deviceIds.push(await insertDevice());
      if (deviceIds.length > 0)
        await post(`/api/admin/electricians/${el.id}/devices`, { device_ids: deviceIds });
      for (let i = 0; i < installed; i += 1) {
        await t.db
          .insert(installations)
          .values({ electricianId: el.id, customerId: owners[0]!, status: 'pending' });
      }
      return el.id;
    };
    const bela = await made('bela', 1, 3, 1);
    const asha = await made('Asha', 3, 1, 2);
    const chitra = await made('chitra', 2, 2, 3);
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/electricians?search=${tag}&${query}`, headers: admin });
    const electricians = (body: unknown) => (body as AdminElectricianList).electricians;
    const id = (e: { _id: string }) => e._id;
    await expectSortedBy(list, electricians, 'name', id, [asha, bela, chitra]);
    await expectSortedBy(list, electricians, 'customers', id, [bela, chitra, asha]);
    await expectSortedBy(list, electricians, 'devices', id, [asha, chitra, bela]);
    await expectSortedBy(list, electricians, 'installations', id, [bela, asha, chitra]);
    await expectBadSortRefused(list);
  });
});

describe('GET /api/admin/customers', () => {
  it('lists only owners, searchable, with null assignment when unassigned', async () => {
    const { user: lone } = await owner('Unassigned Uma');
    const res = await get<AdminCustomerList>('/api/admin/customers?search=unassigned%20uma');
    expect(res.customers).toEqual([
      { _id: lone.id, name: 'Unassigned Uma', email: lone.email, mobile: null, assignment: null },
    ]);
    const all = await get<AdminCustomerList>('/api/admin/customers?page_size=100');
    expect(all.customers.length).toBeGreaterThan(0);
    const roles = new Set(all.customers.map((c) => c._id));
    const { user: el } = await electrician();
    expect(roles.has(el.id)).toBe(false);
  });

  it('sorts by name or e-mail, both ways; refuses another sort', async () => {
    const tag = `zs${Date.now()}`;
    const made = async (name: string, email: string) =>
      (await t.createUser({ role: ROLE.owner, name: `${name} ${tag}`, email: `${email}.${tag}@example.com` }))
        .user.id;
    const bela = await made('bela', 'c');
    const asha = await made('Asha', 'b');
    const chitra = await made('chitra', 'a');
    const list = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/customers?search=${tag}&${query}`, headers: admin });
    const customers = (body: unknown) => (body as AdminCustomerList).customers;
    const id = (c: { _id: string }) => c._id;
    await expectSortedBy(list, customers, 'name', id, [asha, bela, chitra]);
    await expectSortedBy(list, customers, 'email', id, [chitra, asha, bela]);
    await expectBadSortRefused(list);
  });
});

describe('permissions', () => {
  it('answers 403 to owners and electricians on every assignment route', async () => {
    for (const role of [ROLE.owner, ROLE.electrician]) {
      const { user, token } = await t.signIn(role);
      const headers = await authed(t.app, token);
      const calls = [
        t.app.inject({ method: 'GET', url: '/api/admin/electricians', headers }),
        t.app.inject({ method: 'GET', url: '/api/admin/customers', headers }),
        post(
          `/api/admin/electricians/${user.id}/customers`,
          { customer_ids: [user.id], installation_date: today() },
          headers,
        ),
        post(`/api/admin/electricians/${user.id}/devices`, { device_ids: ['x'] }, headers),
        t.app.inject({
          method: 'DELETE',
          url: `/api/admin/electricians/${user.id}/customers/${user.id}`,
          headers,
        }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    }
  });
});
