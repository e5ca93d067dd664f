import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

/**
 * The committed migrations (apps/server/drizzle). Found relative to this module both when run from
 * source (src/db/migrate.ts) and from the bundle (dist/server.js).
 */
export function migrationsFolder(): string {
  const candidates = [new URL('../../drizzle', import.meta.url), new URL('../drizzle', import.meta.url)];
  for (const candidate of candidates) {
    const path = fileURLToPath(candidate);
    if (existsSync(`${path}/meta/_journal.json`)) return path;
  }
  throw new Error('Migrations folder (apps/server/drizzle) not found');
}

/** Applies every committed migration not yet applied (drizzle's migrator, for either driver). */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.migrate(migrationsFolder());
}
