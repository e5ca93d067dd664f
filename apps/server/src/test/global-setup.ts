/**
 * Vitest global setup of the server suite: migrates one database before any test file runs, and every
 * `createTestApp` then starts from a copy of it instead of running the migrations again (an empty PGlite
 * cluster plus the migrations cost seconds per app; a copy a fraction of that).
 *
 * - PGlite (no TEST_DATABASE_URL): a migrated in-memory PGlite dumped to a file (`dumpDataDir`), loaded by
 *   each test app (`loadDataDir`); removed at the end of the run.
 * - PostgreSQL: a database `isaac_template_<hash of the migrations>`, the template of each test database
 *   (`CREATE DATABASE … TEMPLATE`). Kept for the next run (nothing connects to it); a change to the
 *   migrations makes a new one. Older ones are never dropped here: runs of other branches may share the
 *   server and be copying theirs (drop `isaac_template_*` by hand when no run is going).
 *
 * Each test app still runs the migrator, which finds everything applied.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, MEMORY_URL } from '../db/client.ts';
import { migrateDatabase, migrationsFolder } from '../db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite data directory (PGlite runs). */
    pgliteTemplate: string | undefined;
    /** The migrated template database (PostgreSQL runs). */
    postgresTemplate: string | undefined;
  }
}

/** The migrations' contents: a template is reused only for exactly these migrations. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const folder = migrationsFolder();
  const files = [
    'meta/_journal.json',
    ...readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  ];
  for (const file of files) hash.update(file).update(readFileSync(join(folder, file)));
  return hash.digest('hex').slice(0, 16);
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `isaac_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    // Built under a name of its own and renamed when complete: a run that finds the name finds it migrated,
    // and two runs building at once both succeed (the second rename fails and its copy is dropped).
    const building = `isaac_building_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE "${building}"`);
    try {
      const database = await createDatabase({
        databaseUrl: databaseUrl(adminUrl, building),
        dataDir: '',
        poolMax: 1,
      });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      if ((error as { code?: string }).code !== '42P04') throw error; // duplicate_database: another run won
    }
    return name;
  } finally {
    await admin.end();
  }
}

async function pgliteTemplate(): Promise<string> {
  const database = await createDatabase({ databaseUrl: MEMORY_URL, dataDir: '' });
  try {
    await migrateDatabase(database);
    // The PGlite behind Drizzle (Drizzle's handle keeps its client as `$client`).
    const { $client: client } = database.db as unknown as {
      $client: { dumpDataDir(c: 'none'): Promise<Blob> };
    };
    const dump = await client.dumpDataDir('none');
    const file = join(tmpdir(), `isaac-pglite-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    project.provide('postgresTemplate', await postgresTemplate(adminUrl));
    project.provide('pgliteTemplate', undefined);
    return () => undefined;
  }
  const file = await pgliteTemplate();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', undefined);
  return () => rmSync(file, { force: true });
}
