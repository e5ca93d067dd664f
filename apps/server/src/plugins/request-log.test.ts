import { ROLE } from '@isaac/contract';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { loggerOptions, PRETTY_OPTIONS, RequestLineLogController } from '../logger.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authed, createTestDatabase, login } from '../test/helpers.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { users } from '../db/schema/index.ts';
import type { FastifyInstance } from 'fastify';

let database: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  // Every request at info (production's default; development's is `notable`, below).
  const config = loadConfig({
    NODE_ENV: 'development',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_REQUESTS: 'all',
  });
  ({ database, drop } = await createTestDatabase());
  await migrateDatabase(database);
  const logger = pino(loggerOptions(config), { write: (line: string) => void lines.push(line) });
  app = await buildApp({ config, db: database.db, logger });
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
});

type Entry = { level: number; msg: string; request?: Record<string, unknown>; [key: string]: unknown };

/** The log entries written while `run` runs. */
async function logged(run: () => Promise<unknown>): Promise<Entry[]> {
  const from = lines.length;
  await run();
  return lines.slice(from).map((line) => JSON.parse(line) as Entry);
}

const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });

describe('request log', () => {
  it('one entry per request, printed on one line in development', async () => {
    const entries = await logged(() => app.inject({ method: 'GET', url: '/healthz?probe=1' }));
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^GET \/healthz\?probe=1 200 \d+(\.\d)?ms$/),
      request: { method: 'GET', url: '/healthz?probe=1', status: 200, ms: expect.any(Number) },
    });
    const printed = pretty(entry).trimEnd();
    expect(printed.split('\n')).toHaveLength(1);
    expect(printed).toMatch(/INFO.*GET \/healthz\?probe=1 200 /);
  });

  it('unknown routes and errors the router raises (414) are one line too', async () => {
    const notFound = await logged(() => app.inject({ method: 'GET', url: '/nowhere' }));
    expect(notFound.map((e) => e.msg)).toEqual([expect.stringMatching(/^GET \/nowhere 404 /)]);
    const tooLong = await logged(() =>
      app.inject({ method: 'POST', url: `/api/devices/${'x'.repeat(300)}/toggle` }),
    );
    expect(tooLong).toHaveLength(1);
    expect(tooLong[0]?.msg).toMatch(/ 414 /);
  });

  it('never logs credentials, bodies or headers', async () => {
    const password = 'a-secret-password';
    const [user] = await database.db
      .insert(users)
      .values({
        name: 'Log Test',
        email: 'log-test@test.isaac',
        username: 'log-test',
        passwordHash: await hashPassword(password),
        role: ROLE.owner,
        status: 'active',
      })
      .returning();
    let token = '';
    const entries = await logged(async () => {
      token = await login(app, user?.email ?? '', password);
      await app.inject({ method: 'GET', url: '/api/rooms', headers: await authed(app, token) });
    });
    const text = entries.map((e) => JSON.stringify(e)).join('\n');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/authorization|cookie|x-csrf-token/i);
  });
});

describe('LOG_REQUESTS and LOG_SLOW_MS (issue 30)', () => {
  it('defaults: notable in development, every request in production and tests; slow from 500 ms', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ logRequests: 'notable', logSlowMs: 500 });
    expect(loadConfig({ NODE_ENV: 'test' }).logRequests).toBe('all');
    expect(loadConfig({ NODE_ENV: 'development', LOG_REQUESTS: 'all', LOG_SLOW_MS: '200' })).toMatchObject({
      logRequests: 'all',
      logSlowMs: 200,
    });
    expect(() => loadConfig({ LOG_REQUESTS: 'some' })).toThrow(/LOG_REQUESTS/);
  });

  it('in development a successful read is debug; failures and state changes stay at info', async () => {
    // Direct device commands: the apps of this file would otherwise each open the MQTT broker's port.
    const config = loadConfig({
      NODE_ENV: 'development',
      RATE_LIMIT_PER_MINUTE: '100000',
      DEVICE_TRANSPORT: 'direct',
    });
    const own: string[] = [];
    const logger = pino(
      { ...loggerOptions(config), level: 'debug' },
      { write: (l: string) => void own.push(l) },
    );
    const quiet = await buildApp({ config, db: database.db, logger });
    try {
      const at = (run: () => Promise<unknown>) => async () => {
        const from = own.length;
        await run();
        return own.slice(from).map((line) => JSON.parse(line) as Entry);
      };
      const [poll] = await at(() => quiet.inject({ method: 'GET', url: '/healthz' }))();
      expect(poll).toMatchObject({ level: 20, msg: expect.stringMatching(/^GET \/healthz 200 /) });
      const [missing] = await at(() => quiet.inject({ method: 'GET', url: '/nowhere' }))();
      expect(missing).toMatchObject({ level: 30, msg: expect.stringMatching(/^GET \/nowhere 404 /) });
      const [change] = await at(() => quiet.inject({ method: 'POST', url: '/auth/logout' }))();
      expect(change).toMatchObject({ level: 30, msg: expect.stringMatching(/^POST \/auth\/logout \d{3} /) });

      // At LOG_LEVEL=info (the default) the poll leaves no line at all.
      const infoOnly: string[] = [];
      const infoApp = await buildApp({
        config,
        db: database.db,
        logger: pino(loggerOptions(config), { write: (l: string) => void infoOnly.push(l) }),
      });
      await infoApp.inject({ method: 'GET', url: '/healthz' });
      await infoApp.close();
      expect(infoOnly).toEqual([]);
    } finally {
      await quiet.close();
    }
  });

  it('a slow request is a warning marked slow, in either mode', () => {
    for (const logRequests of ['all', 'notable'] as const) {
      const calls: Array<[string, Record<string, unknown>, string]> = [];
      const log = Object.fromEntries(
        ['info', 'warn', 'error', 'debug'].map((level) => [
          level,
          (fields: Record<string, unknown>, msg: string) => calls.push([level, fields, msg]),
        ]),
      );
      const controller = new RequestLineLogController(undefined, { logRequests, logSlowMs: 500 });
      const request = { method: 'GET', url: '/api/admin/rollouts' } as FastifyRequest;
      const reply = (elapsedTime: number) =>
        ({ statusCode: 200, elapsedTime, log }) as unknown as FastifyReply;
      controller.requestCompleted(null, request, reply(750));
      controller.requestCompleted(null, request, reply(12));
      expect(calls[0]).toEqual([
        'warn',
        { request: { method: 'GET', url: '/api/admin/rollouts', status: 200, ms: 750, slow: true } },
        'GET /api/admin/rollouts 200 750ms (slow)',
      ]);
      expect(calls[1]?.[0]).toBe(logRequests === 'all' ? 'info' : 'debug');
    }
  });
});
