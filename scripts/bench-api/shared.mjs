// Pieces every part of `npm run bench:api` shares: paths, the report's section names, the floor, options,
// formatting, and the IPC loop and CPU meter of a child process (scripts/bench-api.mjs, header comment).
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The entry the children are forked from (`--serve`, `--floor`). */
export const ENTRY = join(ROOT, 'scripts/bench-api.mjs');
export const BENCH_FILE = join(ROOT, 'docs/benchmarks.md');
export const SECTION = '## API (HTTP load)';
/** The PostgreSQL database the bench creates and drops (BENCH_DB_NAME; default isaac_bench). */
export const BENCH_DB = process.env.BENCH_DB_NAME ?? 'isaac_bench';
/** The node-postgres pool size of the API (db/client.ts DEFAULT_POOL_MAX); the floor's pool is the same. */
export const POOL_MAX = 10;
export const FLOOR = 'floor (bare Fastify, session ⋈ user by id)';
/** The session lookup's read, as the floor sends it: every column of the session and of its user. */
export const FLOOR_SQL = `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, s.user_agent, s.ip,
       u.id AS u_id, u.name, u.email, u.username, u.password_hash, u.mobile, u.role, u.status, u.city, u.pincode,
       u.address, u.created_at AS u_created_at, u.updated_at AS u_updated_at
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`;
/** A sampled caller's sessions mint together: their last activity is spread over the minute. */
export const SPREAD_SESSIONS = `UPDATE sessions SET last_seen_at = now() - random() * interval '59 seconds' WHERE user_agent = 'bench-api'`;

export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

export function log(message) {
  console.log(`[bench:api] ${message}`);
}

/**
 * A fixed-rate area on PostgreSQL (admin, electrician): its GET `targets` ([name, path]) with the sampled
 * callers' tokens; the child's commands are `seed<Name>` and `explain<Name>`.
 */
export function areaMode({ name, targets, ...mode }) {
  const Name = `${name[0].toUpperCase()}${name.slice(1)}`;
  return {
    name,
    only: 'postgres',
    seed: `seed${Name}`,
    explain: `explain${Name}`,
    endpoints: (port) => targets.map(([endpoint, path]) => ({ name: endpoint, port, path, auth: true })),
    targetEndpoints: targets.map(([endpoint]) => endpoint),
    ...mode,
  };
}

export const fmt = (n) => n.toLocaleString('en');
export const ms = (n) => (Number.isInteger(n) ? `${n} ms` : `${n.toFixed(1)} ms`);
export const pct = (ratio) => `${Math.round(ratio * 100)}%`;
export const dbName = (driver) => (driver === 'postgres' ? 'PostgreSQL' : 'PGlite');

/** A child's side of the IPC: each `{id, cmd, args}` runs the handler `setupChild` resolved to. */
export async function serve(setupChild) {
  let handlers = null;
  const setup = setupChild().then((h) => {
    handlers = h;
  });
  process.on('message', async ({ id, cmd, args }) => {
    try {
      await setup;
      const handler = handlers?.[cmd];
      if (!handler) throw new Error(`unknown command ${cmd}`);
      process.send({ id, result: await handler(args) });
    } catch (error) {
      process.send({
        id,
        error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error),
      });
    }
  });
  await setup;
}

/**
 * `mark`/`measure` of a child: its CPU time and event-loop delay (GC pauses, long tasks) over one row;
 * with BENCH_PROFILE_DIR set, also a CPU profile of exactly that window (inspector), written there as
 * `<label>.cpuprofile` (read it with --profile-summary).
 */
export function processMeter() {
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  let cpuMark = { usage: process.cpuUsage(), at: process.hrtime.bigint() };
  const profileDir = process.env.BENCH_PROFILE_DIR;
  let inspector = null;
  return {
    async mark() {
      if (profileDir) {
        if (!inspector) {
          const { Session } = await import('node:inspector/promises');
          inspector = new Session();
          inspector.connect();
          await inspector.post('Profiler.enable');
        }
        await inspector.post('Profiler.start');
      }
      loopDelay.reset();
      loopDelay.enable();
      cpuMark = { usage: process.cpuUsage(), at: process.hrtime.bigint() };
      return {};
    },

    async measure({ label } = {}) {
      loopDelay.disable();
      const usage = process.cpuUsage(cpuMark.usage);
      const elapsedUs = Number(process.hrtime.bigint() - cpuMark.at) / 1000;
      let profile = null;
      if (inspector) {
        const { mkdirSync } = await import('node:fs');
        mkdirSync(profileDir, { recursive: true });
        const name = `${String(label ?? 'row').replace(/[^A-Za-z0-9.-]+/g, '_')}.cpuprofile`;
        profile = join(profileDir, name);
        writeFileSync(profile, JSON.stringify((await inspector.post('Profiler.stop')).profile));
      }
      return {
        cpuPercent: Math.round(((usage.user + usage.system) / elapsedUs) * 100),
        cpuUs: usage.user + usage.system,
        // The histogram holds whole timer intervals: the delay is what exceeds the 1 ms resolution.
        loopMaxMs: Math.max(0, Math.round(loopDelay.max / 1e6 - 1)),
        profile,
      };
    },
  };
}
