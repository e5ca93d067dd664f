/**
 * The process: settings, logs, database (migrated, demo data seeded when DEMO), the API on API_PORT
 * and, when SERVE_WEB, the built web on PORT. SIGINT/SIGTERM stop accepting connections, finish
 * in-flight requests, then close the database (releasing the PGlite lock).
 */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '@isaac/contract';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { storeDemoFirmware } from './demo/firmware.ts';
import { ensureDemoVoiceClient, seedDemoData } from './demo/seed.ts';
import { startDemoDevices } from './simulator/demo.ts';
import { createLogger } from './logger.ts';
import { buildWebServer } from './web-server.ts';

async function main(): Promise<void> {
  // `--demo` (used by `npm start`): DEMO defaults to true unless the environment sets it.
  const env =
    process.argv.includes('--demo') && process.env.DEMO === undefined
      ? { ...process.env, DEMO: 'true' }
      : process.env;
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  /**
   * Closed at shutdown: the demo devices first (while their broker still answers), then the API (in-flight
   * requests, telemetry flushed, broker closed) and the web together.
   */
  const servers: Array<{ close(): Promise<unknown> }> = [];
  let demoDevices: { close(): Promise<unknown> } | null = null;
  let database: Database | undefined;
  let stopping = false;

  const shutdown = async (signal: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // The demo devices first, while their broker still answers (they say 'offline' and disconnect), then
      // the API (in-flight requests, telemetry flushed, broker closed) and the web together.
      if (demoDevices) await demoDevices.close();
      await Promise.all(servers.map((server) => server.close()));
      await database?.close();
      logger.info('stopped');
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      code = 1;
    }
    logger.flush();
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    database = await createDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleError: (error) => logger.warn({ err: error }, 'database: idle connection failed and was dropped'),
    });
    logger.info(
      database.driver === 'pglite' ? { dataDir: config.dataDir } : { database: 'postgresql' },
      `database: ${database.driver}`,
    );
    await migrateDatabase(database);
    if (config.demo) {
      const seeded = await seedDemoData(database.db);
      logger.info(seeded ? 'demo data seeded' : 'demo data already present');
      await ensureDemoVoiceClient(database.db, config.webOrigins);
    }

    const api = await buildApp({ config, db: database.db, logger });
    // DEMO: the demo releases' images, so that they can really be rolled out to the simulated devices.
    if (config.demo) await storeDemoFirmware(api.services.firmwareStore);
    servers.push(api);
    await api.listen({ port: config.apiPort, host: config.host });

    // DEMO: the demo devices run in the simulator in this process (issue 13), stopped before the broker.
    const plane = api.services.devicePlane;
    if (config.demo && config.devices.simulateDemo && plane) {
      const simulated = await startDemoDevices({
        db: database.db,
        credentials: api.services.deviceCredentials,
        serverSecret: config.jwtSecret,
        brokerUrl: plane.bus.url,
        log: logger.child({ component: 'simulator' }),
        otaFaults: config.devices.simulateOtaFaults,
        events: api.services.events,
      });
      demoDevices = { close: () => simulated.stop() };
    }

    if (config.serveWeb) {
      const web = await buildWebServer({ config, logger: logger.child({ server: 'web' }) });
      servers.push(web);
      await web.listen({ port: config.port, host: config.host });
    }

    // The addresses browsers use (WEB_ORIGIN, PUBLIC_API_URL): the ones that work, whatever HOST is.
    const lines = [
      '',
      config.serveWeb
        ? `  Web: ${config.webOrigin}`
        : `  Web: not served here (SERVE_WEB=false); the API accepts ${config.webOrigin}`,
      `  API: ${config.publicApiUrl}   (docs: ${config.publicApiUrl}/docs)`,
      api.services.devicePlane
        ? `  Devices (MQTT): ${api.services.devicePlane.bus.url}${api.services.devicePlane.bus.kind === 'embedded' ? ' (embedded broker)' : ''}`
        : '  Devices: commanded directly (DEVICE_TRANSPORT=direct)',
    ];
    if (config.demo) {
      lines.push(`  Demo sign-ins (password "${DEMO_PASSWORD}"):`);
      for (const { role, email, name } of DEMO_ACCOUNTS)
        lines.push(`    ${role.padEnd(12)} ${email.padEnd(26)} ${name}`);
    }
    console.log(`${lines.join('\n')}\n`);
  } catch (error) {
    logger.error({ err: error }, error instanceof Error ? error.message : 'start failed');
    await shutdown('startup-failure', 1);
  }
}

void main();
