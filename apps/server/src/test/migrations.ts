import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, MEMORY_URL, type Database } from '../db/client.ts';
import { migrationsFolder } from '../db/migrate.ts';

/**
 * The committed migrations before `tag` (e.g. '0034_homes'): a folder with the journal cut there, and a
 * function that removes it. A migration test builds the schema of that day from it.
 */
export function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'isaac-migrations-'));
  cpSync(migrationsFolder(), folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 1) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * A migration test's database: an in-memory PGlite migrated up to (not including) `tag`, so a test can write
 * rows in the schema of that day; `upgrade()` then applies the rest of the committed migrations, as a
 * deployment would.
 */
export async function databaseBefore(tag: string): Promise<{ database: Database; upgrade(): Promise<void> }> {
  const before = migrationsBefore(tag);
  const database = await createDatabase({ databaseUrl: MEMORY_URL, dataDir: '' });
  try {
    await database.migrate(before.folder);
  } finally {
    before.remove();
  }
  return { database, upgrade: () => database.migrate(migrationsFolder()) };
}
