import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock } from './lock.ts';
import { PreparedPGlite } from './prepared-pglite.ts';
import * as schema from './schema/index.ts';

export { schema };

/** The database handle services use: the PostgreSQL dialect's common type, satisfied by PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (`db.transaction(async (tx) => ...)`). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations in `migrationsFolder`. */
  migrate(migrationsFolder: string): Promise<void>;
  /** Closes the connection(s) and releases the PGlite lock. Idempotent. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL (node-postgres pool); `memory://` = in-memory PGlite; undefined = PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL (default DEFAULT_POOL_MAX). */
  poolMax?: number;
  /**
   * Called when an idle PostgreSQL connection fails (server restart, admin termination). The pool
   * drops that connection and opens a new one on the next query; without a listener node-postgres
   * would throw the error and crash the process. Defaults to writing it to stderr.
   */
  onIdleError?: (error: Error) => void;
  /**
   * In-memory PGlite only: starts from this dump of a data directory (PGlite's `dumpDataDir`) instead of an
   * empty cluster. The tests start every app from one migrated dump (src/test/global-setup.ts).
   */
  loadDataDir?: Blob;
}

export const MEMORY_URL = 'memory://';
/** PGlite ships PostgreSQL's contrib extensions as separate bundles: the ones the migrations need. */
export const PGLITE_EXTENSIONS = { pg_trgm };
/**
 * node-postgres pool size: one API process rarely has more queries in flight than this, and a
 * PostgreSQL backend per connection costs memory and scheduling on the database host.
 */
export const DEFAULT_POOL_MAX = 10;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const url = options.databaseUrl;
  if (url === undefined || url === MEMORY_URL)
    return url === MEMORY_URL
      ? createPglite(undefined, options.loadDataDir)
      : createPglite(options.dataDir, undefined);
  return createPostgres(url, options.poolMax ?? DEFAULT_POOL_MAX, options.onIdleError);
}

async function createPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  let client: PreparedPGlite;
  try {
    // PGlite running each distinct statement as a named prepared statement (prepared-pglite.ts), with
    // the contrib extensions the migrations create (pg_trgm: the users search, ADR 022).
    client = new PreparedPGlite({ dataDir, loadDataDir, extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    driver: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

function logIdleError(error: Error): void {
  console.error('database: idle connection failed and was dropped:', error.message);
}

async function createPostgres(
  connectionString: string,
  max: number,
  onIdleError: (error: Error) => void = logIdleError,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onIdleError);
  const db = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    driver: 'postgres',
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
