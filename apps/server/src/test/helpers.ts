/**
 * Test helpers for server modules. Typical module test:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t.close());
 *
 *   it('lists my devices', async () => {
 *     const { user, token } = await t.signIn(ROLE.owner);          // a fresh owner, signed in
 *     const headers = await authed(t.app, token);                   // bearer + CSRF cookie + X-CSRF-Token
 *     const res = await t.app.inject({ method: 'GET', url: '/api/devices', headers });
 *     expect(res.statusCode).toBe(200);
 *   });
 *
 * - `createTestApp(options?)` builds the API on a fresh database: in-memory PGlite, or, when
 *   TEST_DATABASE_URL is set, a new PostgreSQL database created for this app and dropped by `close()`
 *   (isolated, safe to run repeatedly and from parallel test files). Both start as a copy of the database
 *   the global setup migrated once (src/test/global-setup.ts); the migrator then finds nothing to do.
 *   `t.clock.advance(ms)` moves the app's time.
 * - `t.createUser({ role, email?, password?, ... })` inserts a user (argon2id hash) → `{ user, password }`.
 * - `t.signIn(role)` = createUser + login → `{ user, password, token }`.
 * - `login(app, email, password)` → token (throws with the response body on failure).
 * - `csrf(app)` → `{ token, cookie, headers }` where headers = { cookie, 'x-csrf-token' }.
 * - `authed(app, token)` → headers for inject: authorization bearer + CSRF cookie + X-CSRF-Token.
 * - `t.db` is the Drizzle handle for arranging rows directly.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CSRF_COOKIE, CSRF_HEADER, ROLE, type RoleCode } from '@isaac/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { createDatabase, MEMORY_URL, type Database, type Db } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { users, type UserRow } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { AuditContext } from '../modules/audit/audit-log.ts';
import type { PushSender } from '../modules/notifications/push.ts';

export interface TestClock {
  now(): Date;
  /** Moves the app's clock forward. */
  advance(ms: number): void;
}

export interface CreateUserOptions {
  role?: RoleCode | number;
  email?: string;
  password?: string;
  name?: string;
  username?: string;
  status?: string;
  mobile?: string | null;
  city?: string | null;
  pincode?: string | null;
  address?: string | null;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  clock: TestClock;
  createUser(options?: CreateUserOptions): Promise<{ user: UserRow; password: string }>;
  signIn(
    role: RoleCode | number,
    options?: CreateUserOptions,
  ): Promise<{ user: UserRow; password: string; token: string }>;
  close(): Promise<void>;
  /**
   * Another app on this app's database and clock (a server restart: the same rows, a new process's services
   * and start-up), with extra settings. The caller closes it; `close()` still drops the database.
   */
  startAnother(env?: Record<string, string>): Promise<FastifyInstance>;
}

export interface TestAppOptions {
  /** Extra environment settings (strings, as in process.env). */
  env?: Record<string, string>;
  accessTokenTtlSeconds?: number;
  /** Extra route plugins (e.g. to test the hook with a route that has no rule). */
  extraPlugins?: FastifyPluginAsync[];
  /** A logger to capture the app's log lines (e.g. to prove a secret is never logged); default none. */
  logger?: FastifyBaseLogger;
  /** Where Web Push goes (e.g. a sender trusting a local push service). */
  pushSender?: PushSender;
}

const DEFAULT_PASSWORD = 'test-password';

/** The migrated PGlite data directory the suite's global setup dumped (src/test/global-setup.ts), read once. */
let pgliteDump: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file && !pgliteDump) pgliteDump = new Blob([readFileSync(file)]);
  return pgliteDump;
}

/**
 * A migrated database of its own for a test that builds its app itself (another config, a captured log): a
 * copy of the run's template, on PostgreSQL when TEST_DATABASE_URL is set, else an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await createDatabase({
      databaseUrl: MEMORY_URL,
      dataDir: '',
      loadDataDir: pgliteTemplate(),
    });
    return { database, drop: async () => {} };
  }
  const name = `isaac_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), dataDir: '', poolMax: 4 });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

let userCounter = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  // Devices are commanded directly unless a test brings the device plane (MQTT) up itself.
  const baseEnv = {
    NODE_ENV: 'test',
    RATE_LIMIT_PER_MINUTE: '100000',
    DEVICE_TRANSPORT: 'direct',
    MQTT_PORT: '0',
    // A shared-subscription group per test app (and its startAnother): apps of parallel test files on one
    // external broker must not take each other's device messages (ADR 061).
    MQTT_SHARED_GROUP: `test${process.pid}x${randomBytes(4).toString('hex')}`,
    ...options.env,
  };
  const config = loadConfig(baseEnv);
  const { database, drop } = await createTestDatabase();
  await migrateDatabase(database);

  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
  const app = await buildApp({
    config,
    db: database.db,
    now: clock.now,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    extraPlugins: options.extraPlugins,
    logger: options.logger,
    pushSender: options.pushSender,
  });

  const createUser = async (o: CreateUserOptions = {}) => {
    userCounter += 1;
    const unique = `${process.pid}-${userCounter}-${randomBytes(3).toString('hex')}`;
    const password = o.password ?? DEFAULT_PASSWORD;
    const [user] = await database.db
      .insert(users)
      .values({
        name: o.name ?? `Test User ${userCounter}`,
        email: (o.email ?? `user-${unique}@test.isaac`).toLowerCase(),
        username: o.username ?? `user-${unique}`,
        passwordHash: await hashPassword(password),
        role: o.role ?? ROLE.owner,
        status: o.status ?? 'active',
        mobile: o.mobile ?? null,
        city: o.city ?? null,
        pincode: o.pincode ?? null,
        address: o.address ?? null,
      })
      .returning();
    if (!user) throw new Error('user insert returned no row');
    return { user, password };
  };

  return {
    app,
    db: database.db,
    config,
    clock,
    createUser,
    async signIn(role, o = {}) {
      const created = await createUser({ ...o, role });
      const token = await login(app, created.user.email, created.password);
      return { ...created, token };
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
    startAnother: (env = {}) =>
      buildApp({
        config: loadConfig({ ...baseEnv, ...env }),
        db: database.db,
        now: clock.now,
        accessTokenTtlSeconds: options.accessTokenTtlSeconds,
        logger: options.logger,
      }),
  };
}

export interface CsrfPair {
  token: string;
  cookie: string;
  headers: { cookie: string; [CSRF_HEADER]: string };
}

/** Fetches a CSRF token and its cookie, ready to send with a mutating inject. */
export async function csrf(app: FastifyInstance): Promise<CsrfPair> {
  const res = await app.inject({ method: 'GET', url: '/auth/csrf-token' });
  const set = res.cookies.find((c) => c.name === CSRF_COOKIE);
  if (res.statusCode !== 200 || !set) throw new Error(`csrf-token failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ csrf_token: string }>().csrf_token;
  const cookie = `${CSRF_COOKIE}=${set.value}`;
  return { token, cookie, headers: { cookie, [CSRF_HEADER]: token } };
}

/** Signs in and returns the bearer token (throws with the response on failure). */
export async function login(app: FastifyInstance, email: string, password: string): Promise<string> {
  const { headers } = await csrf(app);
  const res = await app.inject({ method: 'POST', url: '/auth/login', headers, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** Headers of an authenticated call: bearer token, CSRF cookie and X-CSRF-Token. */
export async function authed(app: FastifyInstance, token: string): Promise<Record<string, string>> {
  const { headers } = await csrf(app);
  return { ...headers, authorization: `Bearer ${token}` };
}

/**
 * The activity-log context of a call made straight to a service in a test: `actorId` acting through
 * `channel` (what `auditContextOf(request)` builds for a request).
 */
export function auditContextFor(actorId: string, channel: AuditContext['channel'] = 'api'): AuditContext {
  return {
    actor: { id: actorId, name: null, role: null },
    channel,
    ip: null,
    userAgent: null,
    requestId: null,
  };
}

/**
 * Waits past the current millisecond: rows stored within the same millisecond tie on created_at
 * (the app clock and PGlite's now() count whole milliseconds), and an order by it is then a coin toss.
 */
export function later(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 10));
}

/** TEST_TIMING_SLACK (vitest.config.ts): `npm test` runs steps side by side, so background work may be slower. */
export const TIMING_SLACK = Math.max(1, Number(process.env.TEST_TIMING_SLACK) || 1);

/**
 * Polls `check` until it holds (true) or `ms` (times TEST_TIMING_SLACK) pass (false): for what a device or a
 * job does in the background. Only ever awaited to hold, so a longer deadline costs a passing test nothing.
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  ms = 5000,
  everyMs = 25,
): Promise<boolean> {
  const end = Date.now() + ms * TIMING_SLACK;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return false;
}
