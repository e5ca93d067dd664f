// The child processes of `npm run bench:api`: the API under test (`--serve`, under tsx: the real app on a fresh
// database, a bare Fastify app, each area's dataset and EXPLAIN commands) and, on PostgreSQL, the floor
// (`--floor`, plain Node). Both are driven over IPC (shared.mjs `serve`).
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminCommands } from './admin.mjs';
import { electricianCommands } from './electrician.mjs';
import { ownerCommands } from './owner.mjs';
import { FLOOR_SQL, POOL_MAX, processMeter, ROOT, SPREAD_SESSIONS } from './shared.mjs';
import { voiceCommands } from './voice.mjs';

export async function serveSetup() {
  const { default: Fastify } = await import('fastify');
  const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { createDatabase, schema } = await import('../../apps/server/src/db/client.ts');
  const { migrateDatabase } = await import('../../apps/server/src/db/migrate.ts');

  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl ?? '',
    DATA_DIR: dataDir ?? './data',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'silent',
    // The API's request path (device commands stored directly); the device plane has bench:devices.
    DEVICE_TRANSPORT: 'direct',
    MQTT_PORT: '0',
  });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: POOL_MAX,
  });
  await migrateDatabase(database);
  const db = database.db;
  const exec = async (query, params = []) => {
    const client = db.$client;
    const res = await client.query(query, params);
    return res.rows;
  };

  /** EXPLAIN ANALYZE of every query each step sends (captured by the step's Drizzle logger). */
  async function explainSteps(steps, captured, admin) {
    const plans = [];
    for (const [label, run] of steps) {
      captured.length = 0;
      await run();
      // Transaction control (a command's BEGIN / COMMIT) has no plan.
      const queries = captured.filter((q) => !/^\s*(begin|commit|rollback)\b/i.test(q.query));
      for (const [n, q] of queries.entries()) {
        let rows;
        let untimed = '';
        try {
          rows = await exec(`EXPLAIN (ANALYZE, COSTS OFF) ${q.query}`, q.params);
        } catch (error) {
          // A write the request already made with the API's own ids (a command's row, ADR 039) cannot run a
          // second time: its plan, without timings.
          rows = await exec(`EXPLAIN (COSTS OFF) ${q.query}`, q.params);
          untimed = `plan only (run again: ${String(error.message).split('\n')[0]})`;
        }
        const text = rows.map((r) => r['QUERY PLAN']);
        if (untimed) text.push(untimed);
        const scans = text
          .map((line) => line.trim().replace(/^->\s*/, ''))
          .filter((line) => /Scan|Seq Scan/.test(line))
          .map((line) => line.replace(/\s+\(actual.*$/, ''));
        const time =
          untimed ||
          ['Planning Time', 'Execution Time']
            .map((name) => text.find((line) => line.startsWith(name)))
            .filter(Boolean)
            .join(', ');
        if (process.env.BENCH_EXPLAIN_FILE) {
          appendFileSync(
            process.env.BENCH_EXPLAIN_FILE,
            `-- ${label} (query ${n + 1})\n${q.query}\n${JSON.stringify(q.params)}\n${text.join('\n')}\n\n`,
          );
        }
        // Flagged: a sequential scan of a table that grows (devices, users, the activity log); small tables
        // (firmware, the row counts of ADR 032, the admin bench's empty ones) are read whole on purpose.
        const seq = scans.some((s) =>
          admin
            ? /^Seq Scan on (devices|users|audit_log|installations|installation_devices|electrician_customers)\b/.test(
                s,
              )
            : s.startsWith('Seq Scan') && !/firmware|users/.test(s),
        );
        plans.push({
          label: `${label} (query ${n + 1}/${queries.length})`,
          summary: `${[...new Set(scans)].join('; ')}; ${time ?? ''}${seq ? ' — SEQUENTIAL SCAN' : ''}`,
        });
      }
    }
    return plans;
  }
  /** A Drizzle instance over the same client that captures each query and its parameters. */
  const capturing = () => {
    const captured = [];
    const logger = { logQuery: (query, params) => captured.push({ query, params }) };
    const logged =
      database.driver === 'pglite'
        ? drizzlePglite({ client: db.$client, schema, logger })
        : drizzlePg({ client: db.$client, schema, logger });
    return { captured, logged };
  };

  const app = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  if (database.driver === 'pglite') {
    // The PGlite floor: the session lookup's read on the API's own PGlite (see the header comment).
    bare.get('/floor/:sid', async (request) => {
      const { rows } = await db.$client.query(FLOOR_SQL, [request.params.sid]);
      return rows[0] ?? null;
    });
  }
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (server) => server.server.address().port;

  const { SessionService } = await import('../../apps/server/src/modules/auth/sessions.ts');
  /**
   * A reader of `Read`s (db/reads.ts) as their route runs them — with a session of `userId`, in one statement —
   * on `db` (a capturing Drizzle instance, so that EXPLAIN sees the statement the route sends).
   */
  const readAs = async (db, userId) => {
    const sessions = new SessionService(db, () => new Date(), {
      idleMinutes: config.sessionIdleMinutes,
      absoluteDays: config.sessionAbsoluteDays,
    });
    const session = await app.sessions.create(userId, { userAgent: 'bench-api explain', ip: null });
    return async (read) => (await sessions.read(read, session.id))?.decode();
  };
  /** Up to `count` of the users `md5('<prefix>' || i)` for i = 1..upTo, spread evenly over them. */
  const sampledUsers = (prefix, upTo, count) =>
    exec(
      `SELECT u.id, u.role FROM generate_series(1, $1::int, $2::int) AS i
       JOIN users u ON u.id = md5($3 || i)::uuid::text ORDER BY i LIMIT $4`,
      [upTo, Math.max(1, Math.floor(upTo / count)), prefix, count],
    );
  /** Real sessions and JWTs for `users` (id, role). */
  const signIn = async (users) => {
    const tokens = [];
    const sessionIds = [];
    for (const user of users) {
      const session = await app.sessions.create(user.id, { userAgent: 'bench-api', ip: '127.0.0.1' });
      tokens.push(await app.tokens.sign({ sub: user.id, sid: session.id, role: user.role }));
      sessionIds.push(session.id);
    }
    // Sessions minted together would all reach the auth hook's once-a-minute last_seen_at write at the
    // same moment (a burst of UPDATEs no real traffic has): spread their last activity over the minute.
    await exec(SPREAD_SESSIONS);
    return { tokens, sessionIds };
  };
  const context = { app, exec, state: { owners: 0 }, capturing, explainSteps, readAs, sampledUsers, signIn };
  const meter = processMeter();
  return {
    async ready() {
      let pgliteVersion = '';
      if (database.driver === 'pglite') {
        const pkg = JSON.parse(
          readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
        );
        pgliteVersion = pkg.version;
      }
      return { apiPort: portOf(app), barePort: portOf(bare), pgliteVersion };
    },

    ...ownerCommands(context),
    ...adminCommands(context),
    ...electricianCommands(context),
    ...voiceCommands(context),
    ...meter,

    async stop() {
      setImmediate(async () => {
        await app.close();
        await bare.close();
        await database.close();
        process.exit(0);
      });
      return {};
    },
  };
}

/** The floor server, driven over IPC like the API child: Fastify + a node-postgres pool, nothing else. */
export async function floorSetup() {
  const { default: Fastify } = await import('fastify');
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: POOL_MAX });
  const app = Fastify();
  app.get('/floor/:sid', async (request) => {
    const { rows } = await pool.query({
      name: 'floor_session',
      text: FLOOR_SQL,
      values: [request.params.sid],
    });
    return rows[0] ?? null;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const meter = processMeter();
  return {
    ready: async () => ({ port: app.server.address().port }),
    ...meter,
    async stop() {
      setImmediate(async () => {
        await app.close();
        await pool.end();
        process.exit(0);
      });
      return {};
    },
  };
}
