import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEVICE_TYPES,
  INSTALLATION_PHASES,
  INSTALLATION_STATUSES,
  ROLE,
  ROOM_TYPES,
  type RoleCode,
} from '@isaac/contract';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/helpers.ts';
import {
  devices,
  electricianCustomers,
  electricianDevices,
  firmware,
  installationDevices,
  installations,
  contactMessages,
  orders,
  rooms,
  users,
} from '../db/schema/index.ts';
import { DEMO_SIGN_INS, DEMO_USERS } from './data.ts';
import { storeDemoFirmware } from './firmware.ts';
import { seedDemoData } from './seed.ts';
import { createHash } from 'node:crypto';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('seeds once: the second run sees the admin and does nothing', async () => {
    expect(await seedDemoData(t.db)).toBe(true);
    expect(await seedDemoData(t.db)).toBe(false);
    expect(await t.db.$count(users)).toBe(9);
  });

  it("stores the demo releases' images: each row's bytes are in the store and match its size and SHA-256", async () => {
    await storeDemoFirmware(t.app.services.firmwareStore);
    const rows = await t.db.select().from(firmware);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const stream = await t.app.services.firmwareStore.open(row.storageKey);
      expect(stream, row.filename).toBeDefined();
      const chunks: Buffer[] = [];
      for await (const chunk of stream!) chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(bytes.length).toBe(row.fileSize);
      expect(bytes[0]).toBe(0xe9);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(row.sha256);
    }
  });

  it('has the promised shape', async () => {
    const allUsers = await t.db.select().from(users);
    expect(allUsers.filter((u) => u.role === ROLE.admin)).toHaveLength(1);
    expect(allUsers.filter((u) => u.role === ROLE.electrician)).toHaveLength(2);
    const owners = allUsers.filter((u) => u.role === ROLE.owner);
    expect(owners).toHaveLength(6);
    for (const owner of owners) expect(owner.city && owner.pincode && owner.address).toBeTruthy();

    const roomTypes = new Set((await t.db.select().from(rooms)).map((r) => r.type));
    expect([...roomTypes].sort()).toEqual([...ROOM_TYPES].sort());

    const allDevices = await t.db.select().from(devices);
    expect(allDevices.length).toBeGreaterThanOrEqual(40);
    expect(new Set(allDevices.map((d) => d.type))).toEqual(new Set(DEVICE_TYPES));
    expect((await t.db.select().from(devices).where(isNull(devices.userId))).length).toBeGreaterThan(0);
    expect(allDevices.some((d) => !d.isConnected)).toBe(true);
    const gangs = new Set(allDevices.filter((d) => d.type === 'lumos').map((d) => d.gangCount));
    expect([...gangs].sort()).toEqual([1, 2, 3, 4]);
    for (const d of allDevices) expect(d.gangStates).toHaveLength(d.gangCount);
    expect(new Set(allDevices.map((d) => d.firmwareVersion))).toEqual(new Set(['1.0.0', '1.1.0', '1.2.3']));
    expect(new Set(allDevices.map((d) => d.batteryLevel)).size).toBeGreaterThan(5);

    expect(new Set((await t.db.select().from(firmware)).map((f) => f.deviceType))).toEqual(
      new Set(DEVICE_TYPES),
    );
    expect(await t.db.$count(electricianCustomers)).toBeGreaterThan(0);
    expect(await t.db.$count(electricianDevices)).toBeGreaterThan(0);
    const inst = await t.db.select().from(installations);
    expect(new Set(inst.map((i) => i.status))).toEqual(new Set(INSTALLATION_STATUSES));
    expect(new Set(inst.map((i) => i.phase))).toEqual(new Set(INSTALLATION_PHASES));
    expect(await t.db.$count(installationDevices)).toBeGreaterThan(0);
  });

  it('follows the one-open-installation rule, and each customer-status derives from their installations', async () => {
    const inst = await t.db.select().from(installations);
    const open = inst.filter((i) => i.status !== 'completed').map((i) => i.customerId);
    expect(new Set(open).size).toBe(open.length);
    for (const a of await t.db.select().from(electricianCustomers)) {
      const mine = inst.filter((i) => i.customerId === a.customerId && i.electricianId === a.electricianId);
      const derived = mine.some((i) => i.status === 'in_progress')
        ? 'in_progress'
        : mine.some((i) => i.status === 'pending') || mine.length === 0
          ? 'assigned'
          : 'completed';
      expect(a.status, a.customerId).toBe(derived);
    }
    // every started installation has a reference
    for (const i of inst) if (i.status !== 'pending') expect(i.sessionId).toMatch(/^INST-\d{8}-\d{3}$/);
  });

  it('has contact messages for the admin Messages screen, open and handled', async () => {
    const messages = await t.db.select().from(contactMessages);
    expect(messages.length).toBeGreaterThanOrEqual(3);
    expect(messages.some((m) => m.handledAt === null)).toBe(true);
    expect(messages.some((m) => m.handledAt !== null && m.handledBy !== null)).toBe(true);
  });

  it('has orders and installations over the last weeks, for the admin reports', async () => {
    const now = Date.now();
    const weeksAgo = (weeks: number) => new Date(now - weeks * 7 * 24 * 60 * 60 * 1000);
    const allOrders = await t.db.select().from(orders);
    const paid = allOrders.filter((o) => o.status === 'paid');
    expect(new Set(allOrders.map((o) => o.status))).toEqual(new Set(['paid', 'created', 'attempted']));
    // paid orders in each of the last four weeks, each with its payment time and id
    for (let week = 0; week < 4; week += 1) {
      const inWeek = paid.filter(
        (o) => o.paidAt && o.paidAt > weeksAgo(week + 1) && o.paidAt <= weeksAgo(week),
      );
      expect(inWeek.length, `paid orders ${week} weeks ago`).toBeGreaterThan(0);
    }
    for (const o of paid) expect(o.paymentId && o.paidAt).toBeTruthy();
    for (const o of allOrders) {
      expect(o.amountPaise).toBe(o.items.reduce((sum, item) => sum + item.unit_paise * item.quantity, 0));
    }
    // every paid order has its tax invoice, numbered 1, 2, 3… in each financial year in the order of payment
    const byYear = new Map<string, typeof paid>();
    for (const o of paid) {
      expect(o.invoiceNumber, o.providerOrderId).toMatch(/^IS\d{4}-\d{6}$/);
      byYear.set(o.invoiceFinancialYear!, [...(byYear.get(o.invoiceFinancialYear!) ?? []), o]);
    }
    for (const [year, inYear] of byYear) {
      const sorted = [...inYear].sort(
        (a, b) => a.paidAt!.getTime() - b.paidAt!.getTime() || (a.id < b.id ? -1 : 1),
      );
      expect(
        sorted.map((o) => o.invoiceSequence),
        year,
      ).toEqual(sorted.map((_, i) => i + 1));
    }
    const inst = await t.db.select().from(installations);
    expect(inst.filter((i) => i.startedAt && i.startedAt > weeksAgo(3)).length).toBeGreaterThan(1);
    expect(inst.filter((i) => i.completedAt && i.completedAt > weeksAgo(3)).length).toBeGreaterThan(1);
  });

  it('names devices distinctly per owner, after their room when they have one', async () => {
    const allRooms = await t.db.select().from(rooms);
    const allDevices = await t.db.select().from(devices);
    const byOwner = new Map<string | null, (typeof allDevices)[number][]>();
    for (const device of allDevices)
      byOwner.set(device.userId, [...(byOwner.get(device.userId) ?? []), device]);
    expect(byOwner.size).toBeGreaterThan(1);
    for (const [ownerId, owned] of byOwner) {
      const names = owned.map((d) => d.name);
      expect(new Set(names).size, `duplicate device names of ${ownerId}: ${names.join(', ')}`).toBe(
        names.length,
      );
      const roomNames = allRooms.filter((r) => r.userId === ownerId).map((r) => r.name);
      expect(new Set(roomNames).size).toBe(roomNames.length);
      for (const device of owned) {
        const room = allRooms.find((r) => r.id === device.roomId);
        if (room) {
          expect(room.userId).toBe(ownerId);
          expect(device.name.startsWith(`${room.name} `), `${device.name} in ${room.name}`).toBe(true);
        } else {
          // A device not in a room names none of its owner's rooms.
          for (const roomName of roomNames) expect(device.name).not.toContain(roomName);
        }
      }
    }
    // The demo owner has devices in rooms and devices not placed yet.
    const owner = (await t.db.select().from(users)).find((u) => u.email === DEMO_SIGN_INS[2].email);
    const mine = allDevices.filter((d) => d.userId === owner?.id);
    expect(mine.some((d) => d.roomId === null)).toBe(true);
    expect(mine.some((d) => d.roomId !== null)).toBe(true);
  });

  it('the demo sign-ins work with the demo password', async () => {
    for (const { email } of DEMO_SIGN_INS) {
      expect(await login(t.app, email, DEMO_PASSWORD)).toEqual(expect.any(String));
    }
  });

  it('every seeded user with the demo password is listed in DEMO_ACCOUNTS (README, /login), and each signs in', async () => {
    const roleName = {
      [ROLE.admin]: 'admin',
      [ROLE.electrician]: 'electrician',
      [ROLE.owner]: 'owner',
    } as const;
    const seeded = DEMO_USERS.map((u) => ({
      role: roleName[u.role as RoleCode],
      name: u.name,
      email: u.email,
    }));
    expect(seeded).toEqual(DEMO_ACCOUNTS.map(({ role, name, email }) => ({ role, name, email })));
    for (const { email } of DEMO_ACCOUNTS) {
      expect(await login(t.app, email, DEMO_PASSWORD), email).toEqual(expect.any(String));
    }
    for (const { role, email } of DEMO_SIGN_INS) {
      expect(DEMO_ACCOUNTS.find((a) => a.email === email)).toMatchObject({ role, primary: true });
    }
  });
});
