import { ROLE } from '@isaac/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import type { Db } from './client.ts';
import { Reusable } from './reusable.ts';
import { rooms } from './schema/index.ts';
import { columnValue } from './statements.ts';

/**
 * A statement built once runs on the pool and inside transactions: on the transaction's own connection
 * (a rollback undoes it, a lock it takes is the transaction's), with placeholders encoded per column and
 * rows mapped as Drizzle maps them — on whichever database the suite runs on.
 */
function statements(db: Db) {
  return {
    rename: new Reusable(
      db
        .update(rooms)
        .set({ name: columnValue(rooms.name, 'name'), updatedAt: columnValue(rooms.updatedAt, 'at') })
        .where(eq(rooms.id, sql.placeholder('id')))
        .returning({ id: rooms.id, name: rooms.name, updatedAt: rooms.updatedAt })
        .prepare('reusable_test_rename'),
    ),
    read: new Reusable(
      db
        .select()
        .from(rooms)
        .where(eq(rooms.id, sql.placeholder('id')))
        .for('update')
        .prepare('reusable_test_read'),
    ),
  };
}

describe('Reusable', () => {
  let t: TestApp;
  let ownerId: string;
  let rename: ReturnType<typeof statements>['rename'];
  let read: ReturnType<typeof statements>['read'];

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await t.createUser({ role: ROLE.owner })).user.id;
    ({ rename, read } = statements(t.db));
  });
  afterAll(async () => {
    await t.close();
  });

  async function newRoom(name: string) {
    const [room] = await t.db.insert(rooms).values({ name, userId: ownerId, type: 'general' }).returning();
    return room!;
  }

  it('runs on the pool with placeholders encoded per column and rows mapped as a plain select', async () => {
    const room = await newRoom('Study');
    const at = new Date('2026-11-26T10:11:12.345Z');
    expect(await rename.execute(t.db, { id: room.id, name: 'Library', at })).toEqual([
      { id: room.id, name: 'Library', updatedAt: at },
    ]);
    expect(await read.execute(t.db, { id: room.id })).toEqual(
      await t.db.select().from(rooms).where(eq(rooms.id, room.id)),
    );
  });

  it("runs on a transaction's connection: its writes are the transaction's, undone by a rollback", async () => {
    const room = await newRoom('Den');
    const at = new Date('2026-11-26T11:00:00.000Z');
    await expect(
      t.db.transaction(async (tx) => {
        const [locked] = await read.execute(tx, { id: room.id });
        expect(locked?.name).toBe('Den');
        await rename.execute(tx, { id: room.id, name: 'Attic', at });
        // seen inside the transaction, not yet outside it
        expect((await read.execute(tx, { id: room.id }))[0]?.name).toBe('Attic');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await read.execute(t.db, { id: room.id }))[0]?.name).toBe('Den');

    await t.db.transaction(async (tx) => {
      await rename.execute(tx, { id: room.id, name: 'Attic', at });
    });
    expect((await read.execute(t.db, { id: room.id }))[0]).toMatchObject({ name: 'Attic', updatedAt: at });
  });

  it('runs again and again in new transactions (the statement is built once, each call its own values)', async () => {
    const rooms_ = await Promise.all(['A', 'B', 'C', 'D'].map((n) => newRoom(`Room ${n}`)));
    await Promise.all(
      rooms_.map((room, i) =>
        t.db.transaction(async (tx) => {
          await read.execute(tx, { id: room.id });
          await rename.execute(tx, {
            id: room.id,
            name: `Renamed ${i}`,
            at: new Date(Date.UTC(2026, 10, i + 1)),
          });
        }),
      ),
    );
    for (const [i, room] of rooms_.entries()) {
      expect((await read.execute(t.db, { id: room.id }))[0]).toMatchObject({
        name: `Renamed ${i}`,
        updatedAt: new Date(Date.UTC(2026, 10, i + 1)),
      });
    }
  });
});
