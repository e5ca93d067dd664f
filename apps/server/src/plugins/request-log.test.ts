import { ROLE } from '@isaac/contract';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDatabase, MEMORY_URL, type Database } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { loggerOptions, PRETTY_OPTIONS } from '../logger.ts';
import { authed, login } from '../test/helpers.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { users } from '../db/schema/index.ts';
import type { FastifyInstance } from 'fastify';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'development', RATE_LIMIT_PER_MINUTE: '100000' });
  database = await createDatabase({ databaseUrl: MEMORY_URL, dataDir: '' });
  await migrateDatabase(database);
  const logger = pino(loggerOptions(config), { write: (line: string) => void lines.push(line) });
  app = await buildApp({ config, db: database.db, logger });
});
afterAll(async () => {
  await app.close();
  await database.close();
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
