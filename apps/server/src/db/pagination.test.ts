import { ROLE } from '@isaac/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { jsonList } from './json-rows.ts';
import { fixedLimit, sortedBy } from './pagination.ts';
import { rooms } from './schema/index.ts';

describe('fixedLimit', () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await t.createUser({ role: ROLE.owner })).user.id;
    await t.db
      .insert(rooms)
      .values(['A', 'B', 'C', 'D'].map((name) => ({ name, userId: ownerId, type: 'general' as const })));
  });
  afterAll(async () => {
    await t.close();
  });

  it("writes the LIMIT into the statement's text (no parameter) and limits the rows", async () => {
    const names = jsonList({ name: rooms.name }, (row) =>
      fixedLimit(
        t.db
          .select(row)
          .from(rooms)
          .where(eq(rooms.userId, sql.placeholder('owner')))
          .orderBy(rooms.name),
        3,
      ),
    );
    const query = t.db.select({ names }).from(sql`(select 1) as one`);
    const { sql: text, params } = query.toSQL();
    expect(text).toMatch(/\) limit 3\)\)/);
    expect(params).toHaveLength(1);
    expect(await query.prepare('fixed_limit_test').execute({ owner: ownerId })).toEqual([
      { names: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] },
    ]);
  });

  it('takes only row counts', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => fixedLimit(t.db.select().from(rooms), bad)).toThrow('not a row count');
    }
  });
});

describe('sortedBy', () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await t.createUser({ role: ROLE.owner })).user.id;
    const rows = [
      ['A', 'kitchen'],
      ['B', 'bedroom'],
      ['C', 'kitchen'],
      ['D', 'bedroom'],
    ] as const;
    await t.db.insert(rooms).values(rows.map(([name, type]) => ({ name, type, userId: ownerId })));
  });
  afterAll(async () => {
    await t.close();
  });

  const names = (order: 'asc' | 'desc') =>
    t.db
      .select({ name: rooms.name })
      .from(rooms)
      .where(eq(rooms.userId, ownerId))
      .orderBy(...sortedBy({ type: rooms.type }, { sort: 'type', order }, rooms.name));

  it('orders by the named column in either direction, with the tie-break after it', async () => {
    expect((await names('asc')).map((r) => r.name)).toEqual(['B', 'D', 'A', 'C']);
    expect((await names('desc')).map((r) => r.name)).toEqual(['C', 'A', 'D', 'B']);
    expect(names('desc').toSQL().sql).toMatch(
      /order by "rooms"\."type" desc nulls last, "rooms"\."name" desc nulls last$/,
    );
  });
});
