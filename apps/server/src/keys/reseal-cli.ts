/**
 * `npm run reseal` (ADR 052): re-seals every sealed value with the newest key of DATA_ENCRYPTION_KEYS.
 * Reads the same settings as the server (DATABASE_URL or the PGlite DATA_DIR, DATA_ENCRYPTION_KEYS,
 * JWT_SECRET for values sealed before the keyring) and applies pending migrations first. With embedded PGlite, stop the server first (the data
 * directory is locked by one process). Prints counts and the ids of values no key opens; exits 1 if any.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { DataKeyring } from './keyring.ts';
import { resealAll } from './reseal.ts';

let config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  // The same migrations the server applies at start (the `v2.` format needs migration 0023).
  await migrateDatabase(database);
  const keyring = new DataKeyring(config.dataKeys, config.jwtSecret);
  const report = await resealAll(database.db, keyring);
  console.log(`Newest data key: ${keyring.newest.id}`);
  for (const [kind, n] of Object.entries(report.resealed)) {
    console.log(
      `${kind}: ${n} resealed, ${report.current[kind as keyof typeof report.current]} already current`,
    );
  }
  for (const { kind, id } of report.unreadable) console.error(`unreadable ${kind}: ${id}`);
  if (report.unreadable.length > 0) {
    console.error(
      `${report.unreadable.length} value(s) open with no key of DATA_ENCRYPTION_KEYS (nor JWT_SECRET): left as they are.`,
    );
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
