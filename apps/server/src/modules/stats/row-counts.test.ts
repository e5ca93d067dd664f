import { ROLE } from '@isaac/contract';
import { and, count, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { RowCounts } from './row-counts.ts';

let t: TestApp;
let counts: RowCounts;
beforeAll(async () => {
  t = await createTestApp();
  counts = new RowCounts(t.db);
});
afterAll(() => t.close());

let serial = 0;
const device = (patch: Partial<typeof devices.$inferInsert> = {}) => ({
  name: 'Purifier',
  model: 'ISAAC Air Purifier',
  serialNumber: `RC-${process.pid}-${++serial}`,
  type: 'isaac' as const,
  ...patch,
});

/** What the counts must equal: count(*) over the table itself. */
async function counted(where?: ReturnType<typeof and>) {
  const [row] = await t.db.select({ n: count() }).from(devices).where(where);
  return row?.n ?? 0;
}

async function expectDeviceCountsExact() {
  expect(await counts.devices()).toBe(await counted());
  expect(await counts.devices({ online: true })).toBe(await counted(eq(devices.isConnected, true)));
  expect(await counts.devices({ assigned: false })).toBe(await counted(isNull(devices.userId)));
  expect(await counts.devices({ type: 'lumos', online: false, assigned: true })).toBe(
    await counted(and(eq(devices.type, 'lumos'), eq(devices.isConnected, false), isNotNull(devices.userId))),
  );
  expect(await counts.devices({ firmwareVersion: '2.0.0' })).toBe(
    await counted(eq(devices.firmwareVersion, '2.0.0')),
  );
  const [distinct] = await t.db
    .select({
      types: sql<number>`count(distinct ${devices.type})`.mapWith(Number),
      versions: sql<
        string[] | null
      >`array_agg(distinct ${devices.firmwareVersion}) filter (where ${devices.firmwareVersion} is not null)`,
    })
    .from(devices);
  const summary = await counts.deviceSummary();
  expect(summary.total).toBe(await counted());
  expect(summary.online).toBe(await counted(eq(devices.isConnected, true)));
  expect(summary.types).toBe(distinct?.types);
  expect([...summary.versions].sort()).toEqual([...(distinct?.versions ?? [])].sort());
}

describe('row counts kept by the database (ADR 032)', () => {
  it('follow device inserts (bulk too), updates of the counted columns, other updates and deletes', async () => {
    const { user: owner } = await t.createUser({ role: ROLE.owner });
    await t.db
      .insert(devices)
      .values([
        ...Array.from({ length: 30 }, (_, i) =>
          device({ isConnected: i % 3 === 0, firmwareVersion: '1.0.0' }),
        ),
        ...Array.from({ length: 12 }, (_, i) =>
          device({ type: 'lumos', gangCount: 2, userId: i % 2 ? owner.id : null, firmwareVersion: null }),
        ),
        device({ type: 'skywalker', isConnected: true, userId: owner.id, firmwareVersion: '2.0.0' }),
      ]);
    await expectDeviceCountsExact();
    expect(await counts.devices({ type: 'isaac', online: true })).toBe(10);

    // a bulk update of the counted columns, in both directions
    await t.db
      .update(devices)
      .set({ isConnected: true, firmwareVersion: '2.0.0' })
      .where(eq(devices.type, 'lumos'));
    await t.db
      .update(devices)
      .set({ userId: owner.id })
      .where(and(eq(devices.type, 'isaac'), eq(devices.isConnected, false)));
    await expectDeviceCountsExact();
    // an update of nothing counted (a power toggle) leaves the counts as they are
    await t.db.update(devices).set({ powerOn: true });
    await expectDeviceCountsExact();

    await t.db.delete(devices).where(eq(devices.type, 'skywalker'));
    await expectDeviceCountsExact();
    expect((await counts.deviceSummary()).types).toBe(2);

    // a deleted owner's devices become available (ON DELETE SET NULL is an update the trigger sees)
    await t.db.delete(users).where(eq(users.id, owner.id));
    await expectDeviceCountsExact();
    expect(await counts.devices({ assigned: true })).toBe(0);
  });

  it("are part of the change's transaction: a rolled-back insert counts nothing", async () => {
    const before = await counts.devices();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(devices).values([device(), device()]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await counts.devices()).toBe(before);
  });

  it('follow users by role and status', async () => {
    const made = await Promise.all([
      t.createUser({ role: ROLE.owner }),
      t.createUser({ role: ROLE.owner }),
      t.createUser({ role: ROLE.electrician }),
    ]);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.id, made[0].user.id));
    await t.db.update(users).set({ role: ROLE.admin }).where(eq(users.id, made[2].user.id));
    const exact = async (where?: ReturnType<typeof and>) =>
      (await t.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
    expect(await counts.users()).toBe(await exact());
    expect(await counts.users({ role: ROLE.owner, active: false })).toBe(
      await exact(and(eq(users.role, ROLE.owner), ne(users.status, 'active'))),
    );
    expect(await counts.users({ role: ROLE.admin })).toBe(await exact(eq(users.role, ROLE.admin)));
    await t.db.delete(users).where(inArray(users.id, [made[0].user.id, made[1].user.id]));
    expect(await counts.users({ role: ROLE.owner })).toBe(await exact(eq(users.role, ROLE.owner)));
  });
});
