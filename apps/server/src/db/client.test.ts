import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './client.ts';

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
