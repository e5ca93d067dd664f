import { ROLE } from '@isaac/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { fixedLimit } from './pagination.ts';
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
    const query = t.db
      .select({ name: rooms.name })
      .from(rooms)
      .where(eq(rooms.userId, sql.placeholder('owner')))
      .orderBy(rooms.name)
      .limit(fixedLimit(3));
    const { sql: text, params } = query.toSQL();
    expect(text).toMatch(/ limit 3$/);
    expect(params).toHaveLength(1);
    expect(await query.prepare('fixed_limit_test').execute({ owner: ownerId })).toEqual([
      { name: 'A' },
      { name: 'B' },
      { name: 'C' },
    ]);
  });

  it('takes only row counts', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => fixedLimit(bad)).toThrow('not a row count');
    }
  });
});
