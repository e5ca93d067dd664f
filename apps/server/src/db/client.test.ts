import { randomBytes } from 'node:crypto';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client.ts';
import { MAX_PREPARED_STATEMENTS, PreparedPGlite } from './prepared-pglite.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

// Defined only for the PostgreSQL run of the suite (scripts/test-server.mjs): PGlite has no
// connections to lose.
if (adminUrl)
  describe('PostgreSQL pool', () => {
    it('survives an idle connection being terminated by the server, and reports it', async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      const name = `isaac_idle_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      const errors: Error[] = [];
      const database = await createDatabase({
        databaseUrl: url.toString(),
        dataDir: '',
        poolMax: 2,
        onIdleError: (error) => errors.push(error),
      });
      try {
        await database.db.execute(sql`select 1`);
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        const deadline = Date.now() + 5_000;
        while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        expect(errors.length).toBeGreaterThan(0);
        expect(errors[0]?.message).toMatch(/terminating connection/);
        // The pool replaced the lost connection.
        const [row] = await database.db.select({ one: sql<number>`1` }).from(sql`(select 1) as t`);
        expect(row).toEqual({ one: 1 });
      } finally {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });
  });

describe('in-memory PGlite', () => {
  it('answers queries and closes idempotently', async () => {
    const database = await createDatabase({ databaseUrl: 'memory://', dataDir: '' });
    const [row] = await database.db.select({ one: sql<number>`1` }).from(sql`(select 1) as t`);
    expect(row).toEqual({ one: 1 });
    await database.close();
    await database.close();
  });
});

describe('PGlite with prepared statements (prepared-pglite.ts)', () => {
  // Every test gets new instances of an empty cluster, loaded from one dump of it (faster than initdb each).
  let emptyCluster: Blob;
  beforeAll(async () => {
    const first = new PGlite();
    await first.query('SELECT 1');
    emptyCluster = await first.dumpDataDir('none');
    await first.close();
  });

  async function both() {
    const plain = new PGlite({ loadDataDir: emptyCluster });
    const prepared = new PreparedPGlite({ loadDataDir: emptyCluster });
    for (const db of [plain, prepared]) {
      await db.exec(`CREATE TABLE t (id int PRIMARY KEY, name text UNIQUE, at timestamptz, tags jsonb, n numeric);
        INSERT INTO t VALUES (1, 'one', '2026-01-01T00:00:00Z', '["a"]', 1.5), (2, 'two', NULL, NULL, NULL);`);
    }
    return { plain, prepared, close: () => Promise.all([plain.close(), prepared.close()]) };
  }

  it('answers as PGlite does: rows (objects or arrays), fields, parsers, serializers, affected rows', async () => {
    const { plain, prepared, close } = await both();
    try {
      const cases: Array<[string, unknown[], QueryOptions | undefined]> = [
        ['SELECT * FROM t WHERE id = $1', [1], undefined],
        ['SELECT * FROM t WHERE id = $1', [2], { rowMode: 'array' }],
        ['SELECT * FROM t WHERE id = ANY($1::int[]) ORDER BY id', [[1, 2]], undefined],
        [
          'SELECT at FROM t WHERE id = $1',
          [1],
          { rowMode: 'array', parsers: { 1184: (v: string) => `raw:${v}` } },
        ],
        [
          'SELECT $1::jsonb AS j, $2::timestamptz AS d, $3::text AS s',
          [{ k: [1] }, new Date(0), null],
          undefined,
        ],
        ['UPDATE t SET name = name WHERE id >= $1', [1], undefined],
        [
          'INSERT INTO t (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name RETURNING id, name',
          [3, 'three'],
          undefined,
        ],
        ['DELETE FROM t WHERE id = $1', [3], undefined],
        ['SELECT count(*)::int AS c FROM t', [], undefined],
      ];
      for (const [text, params, options] of cases) {
        for (let run = 0; run < 2; run += 1) {
          const expected = await plain.query(text, params, options);
          const actual = await prepared.query(text, params, options);
          expect(actual, text).toEqual(expected);
        }
      }
    } finally {
      await close();
    }
  });

  it('reports errors with their code and keeps working after them', async () => {
    const { prepared, close } = await both();
    try {
      const insert = 'INSERT INTO t (id, name) VALUES ($1, $2)';
      await expect(prepared.query(insert, [9, 'one'])).rejects.toMatchObject({ code: '23505' });
      await expect(prepared.query('SELEC nonsense')).rejects.toMatchObject({ code: '42601' });
      await prepared.query(insert, [9, 'nine']);
      expect((await prepared.query('SELECT name FROM t WHERE id = $1', [9])).rows).toEqual([
        { name: 'nine' },
      ]);
    } finally {
      await close();
    }
  });

  it('re-prepares a statement whose table changed', async () => {
    const { prepared, close } = await both();
    try {
      const text = 'SELECT * FROM t WHERE id = $1';
      expect((await prepared.query(text, [1])).fields).toHaveLength(5);
      await prepared.exec('ALTER TABLE t ADD COLUMN extra text');
      // PostgreSQL refuses the old plan (its result type changed): the statement is prepared again.
      expect((await prepared.query(text, [1])).fields).toHaveLength(6);
      expect((await prepared.query(text, [2])).rows).toEqual([
        expect.objectContaining({ id: 2, extra: null }),
      ]);
    } finally {
      await close();
    }
  });

  it('never runs inside an open transaction: a query waits for it to end', async () => {
    const { prepared, close } = await both();
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const order: string[] = [];
      const tx = prepared.transaction(async (t) => {
        await t.query('UPDATE t SET name = $1 WHERE id = 1', ['in-tx']);
        await held;
        order.push('commit');
      });
      await new Promise((r) => setTimeout(r, 20));
      const outside = prepared.query('SELECT name FROM t WHERE id = $1', [1]).then((r) => {
        order.push('query');
        return r.rows;
      });
      await new Promise((r) => setTimeout(r, 20));
      release();
      await tx;
      expect(await outside).toEqual([{ name: 'in-tx' }]);
      expect(order).toEqual(['commit', 'query']);
    } finally {
      await close();
    }
  });

  it(`keeps at most ${MAX_PREPARED_STATEMENTS} statements; further texts still run`, async () => {
    const prepared = new PreparedPGlite({ loadDataDir: emptyCluster });
    try {
      for (let i = 0; i < MAX_PREPARED_STATEMENTS + 10; i += 1) {
        const { rows } = await prepared.query(`SELECT $1::int + ${i} AS n`, [1]);
        expect(rows).toEqual([{ n: i + 1 }]);
      }
      const { rows } = await prepared.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'isaac\\_%'",
      );
      expect(rows[0]?.n).toBe(MAX_PREPARED_STATEMENTS);
    } finally {
      await prepared.close();
    }
  });
});
