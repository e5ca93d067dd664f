// `npm run bench:api`: the owner API under load, on PostgreSQL and on embedded PGlite.
//
// For each database: a child process (this file with `--serve`, under tsx) migrates a fresh database,
// builds the real API with buildApp (apps/server/src/app.ts) and a bare Fastify app (GET /bare → {ok:true})
// on free ports. The parent seeds the dataset through the child (generate_series, owners with 5 devices and
// 2 rooms each, plus firmware), mints tokens (real sessions + JWTs) for a sample of owners, then drives
// GET /bare, the floor, /auth/current-user, /api/dashboard, /api/devices and /api/rooms (HTTP load from the parent),
// rotating the owner token on every request. It repeats at each table size (the sampled owners are the
// same, only the table grows) and writes one subsection of the '## API (HTTP load)' section of
// docs/benchmarks.md.
//
// Two modes, each writing its own subsection:
// - fixed rate (default): --rate req/s offered, latencies (p50/p99) against the latency target; also
//   EXPLAIN ANALYZEs the exact SQL the services send (captured through a Drizzle logger).
// - saturation (--saturate): as fast as the connections go; throughput of each endpoint as a ratio to
//   the floor measured in the same run, right before it.
// The floor is the least any authenticated request costs: a bare Fastify app with a node-postgres pool
// of the API's size doing the session lookup's primary-key read (sessions joined with users by id) as a
// named prepared statement, no JWT, no plugins. On PostgreSQL it runs in its own process (this file with
// `--floor`, plain Node), so the API process is idle while it is measured; on PGlite (one connection,
// in-process, its data directory locked by the API process) it is a route of the bare app in the API
// process reading the same PGlite instance.
//
// - admin (--admin): the admin endpoints (users search, devices list with a filter, dashboard, activity
//   page) at a fixed rate (default 500 req/s) on PostgreSQL, with ADMIN_USERS owners, the device table grown
//   to each size (default 100,000 and 1,000,000) and ADMIN_AUDIT_ROWS activity entries; EXPLAIN ANALYZE of the
//   admin services' SQL. Writes its own '### Admin queries' subsection.
//
// - voice (--voice): Google Home fulfillment (issue 12): POST /api/voice/google QUERY and EXECUTE with the OAuth
//   access tokens of linked owners (VOICE_DEVICES_PER_OWNER devices each) at a fixed rate (default 200 req/s) on
//   PostgreSQL, the devices table grown to each size. Writes its own '### Voice fulfillment' subsection.
//
// Options: --saturate; --admin; --voice; --rate N (req/s, default 1000; ignored with --saturate), --duration S (default 10),
//          --connections N (default 20), --sizes 10000,100000, --only postgres|pglite,
//          --endpoints current-user,devices (substrings of the endpoint names to run; the floor always runs),
//          --rounds N (repeat the floor + endpoints sequence N times, back to back; the report takes each
//          endpoint's median round), --keep (keep the isaac_bench database), --no-write.
//          --profile-summary FILE.cpuprofile [N]: print self time by package and the top N functions of a
//          CPU profile (e.g. one written with BENCH_NODE_ARGS=--cpu-prof), then exit.
// Env: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres: where isaac_bench is created);
//      BENCH_NODE_ARGS: extra Node flags for the API process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' or '--trace-gc';
//      BENCH_PROFILE_DIR: write a CPU profile of each measured row (API or floor process, that row's window only);
//      BENCH_EXPLAIN_FILE: append each explained query's SQL, parameters and whole plan to this file.
import { fork } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pacedLoad } from './lib/paced-load.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SELF = fileURLToPath(import.meta.url);
const BENCH_FILE = join(ROOT, 'docs/benchmarks.md');
const SECTION = '## API (HTTP load)';
const SUBSECTION = {
  saturate: '### Saturation: throughput against the floor',
  rate: '### Fixed rate: latency',
  admin: '### Admin queries',
  electrician: '### Electrician queries',
  voice: '### Voice fulfillment (Google Home)',
};
/** Fixed-rate target: p99 of every authenticated endpoint at the offered rate on PostgreSQL. */
const TARGET_P99_MS = 10;
/** Saturation target: these endpoints' throughput as a share of the floor's, in the same run. */
const TARGET_RATIO = 0.4;
const RATIO_ENDPOINTS = ['GET /auth/current-user', 'GET /api/devices'];
const DEVICES_PER_OWNER = 5;
const ROOMS_PER_OWNER = 2;
const TOKEN_SAMPLE = 500;
/** The node-postgres pool size of the API (db/client.ts DEFAULT_POOL_MAX); the floor's pool is the same. */
const POOL_MAX = 10;
const FLOOR = 'floor (bare Fastify, session ⋈ user by id)';
/** The session lookup's read, as the floor sends it: every column of the session and of its user. */
const FLOOR_SQL = `SELECT s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at, s.user_agent, s.ip,
       u.id AS u_id, u.name, u.email, u.username, u.password_hash, u.mobile, u.role, u.status, u.city, u.pincode,
       u.address, u.created_at AS u_created_at, u.updated_at AS u_updated_at
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1`;
/** The endpoints the latency target is for (the bare route and the floor are references). */
const AUTH_ENDPOINTS = ['GET /auth/current-user', 'GET /api/dashboard', 'GET /api/devices', 'GET /api/rooms'];
const OWNER_ENDPOINTS = ['GET /api/dashboard', 'GET /api/devices', 'GET /api/rooms'];
/** Admin mode (issue 10): users in the table, activity entries, the search typed, the latency target. */
const ADMIN_USERS = 100_000;
const ADMIN_AUDIT_ROWS = 200_000;
/** Users are named from 50 first × 40 last names (each full name 50 times): the search is one of them. */
const ADMIN_SEARCH = 'Kavya Iyer';
const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Arjun',
  'Asha',
  'Deepa',
  'Dev',
  'Divya',
  'Farah',
  'Gaurav',
  'Isha',
  'Ishaan',
  'Jaya',
  'Kabir',
  'Karan',
  'Kavya',
  'Kiran',
  'Lakshmi',
  'Manish',
  'Meera',
  'Mohan',
  'Naina',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pranav',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ravi',
  'Riya',
  'Rohan',
  'Sahil',
  'Sana',
  'Sanjay',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Sunil',
  'Tanvi',
  'Tara',
  'Uday',
  'Varun',
  'Vidya',
  'Vikram',
  'Vivek',
  'Yash',
  'Zara',
  'Zoya',
];
const LAST_NAMES = [
  'Agarwal',
  'Bose',
  'Chopra',
  'Das',
  'Desai',
  'Dutta',
  'Gill',
  'Gupta',
  'Iyer',
  'Jain',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Kumar',
  'Mehta',
  'Menon',
  'Mishra',
  'Nair',
  'Naidu',
  'Pandey',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Saxena',
  'Sen',
  'Shah',
  'Sharma',
  'Shetty',
  'Singh',
  'Sinha',
  'Srinivasan',
  'Thakur',
  'Trivedi',
  'Varma',
  'Verma',
  'Yadav',
  'Bhat',
  'Ghosh',
];
const TARGET_ADMIN_P99_MS = 25;
const ADMIN_TARGETS = [
  ['GET /api/admin/users?search=', `/api/admin/users?search=${encodeURIComponent(ADMIN_SEARCH)}`],
  ['GET /api/admin/devices?status=online', '/api/admin/devices?status=online'],
  ['GET /api/admin/dashboard', '/api/admin/dashboard'],
  ['GET /api/admin/activity', '/api/admin/activity'],
];
const ADMIN_ENDPOINTS = ADMIN_TARGETS.map(([name]) => name);
/** Electrician mode (issue 11): 500 electricians, 20,000 customers (40 each), installations grown to each size. */
const BENCH_ELECTRICIANS = 500;
const BENCH_CUSTOMERS = 20_000;
const ELECTRICIAN_TARGETS = [
  ['GET /api/electrician/dashboard', '/api/electrician/dashboard'],
  ['GET /electrician/installations?page=1', '/electrician/installations?page=1'],
];
const ELECTRICIAN_ENDPOINTS = ELECTRICIAN_TARGETS.map(([name]) => name);
/** Voice mode (issue 12): owners with 20 devices each, linked to a Google client; QUERY and EXECUTE bodies per owner. */
const VOICE_DEVICES_PER_OWNER = 20;
const VOICE_TOKENS = 50;
const TARGET_VOICE_P99_MS = 100;
const VOICE_TARGETS = [
  ['POST /api/voice/google QUERY', '/api/voice/google', 'query'],
  ['POST /api/voice/google EXECUTE', '/api/voice/google', 'execute'],
];
const VOICE_ENDPOINTS = VOICE_TARGETS.map(([name]) => name);
/** The endpoints a mode's latency target is for. */
const targetEndpoints = (mode) =>
  mode === 'admin'
    ? ADMIN_ENDPOINTS
    : mode === 'electrician'
      ? ELECTRICIAN_ENDPOINTS
      : mode === 'voice'
        ? VOICE_ENDPOINTS
        : AUTH_ENDPOINTS;
/** The p99 target of a fixed-rate mode. */
const targetP99Of = (mode) =>
  mode === 'voice'
    ? TARGET_VOICE_P99_MS
    : mode === 'admin' || mode === 'electrician'
      ? TARGET_ADMIN_P99_MS
      : TARGET_P99_MS;

// ───────────────────────────── parent: orchestrates, measures, reports ─────────────────────────────

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

async function main() {
  const { default: autocannon } = await import('autocannon');
  const pg = (await import('pg')).default;
  const saturate = process.argv.includes('--saturate');
  const electricianMode = process.argv.includes('--electrician');
  const adminMode = process.argv.includes('--admin');
  const voiceMode = process.argv.includes('--voice');
  const mode = saturate
    ? 'saturate'
    : adminMode
      ? 'admin'
      : electricianMode
        ? 'electrician'
        : voiceMode
          ? 'voice'
          : 'rate';
  const rate = saturate
    ? 0
    : Number(option('rate', voiceMode ? '200' : adminMode || electricianMode ? '500' : '1000'));
  const duration = Number(option('duration', '10'));
  const connections = Number(option('connections', '20'));
  const sizes = option('sizes', adminMode ? '100000,1000000' : voiceMode ? '20000,200000' : '10000,100000')
    .split(',')
    .map(Number);
  // The admin target is set for PostgreSQL (a million devices in PGlite is not its use).
  const only = option('only', adminMode || electricianMode || voiceMode ? 'postgres' : '');
  const endpointFilter = option('endpoints', '').split(',').filter(Boolean);
  const rounds = Math.max(1, Number(option('rounds', '1')));
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const started = Date.now();
  const runs = [];
  const plans = [];
  const seeding = [];
  let pgVersion = '';
  let pgliteVersion = '';

  const databases = ['postgres', 'pglite'].filter((d) => !only || d === only);
  for (const driver of databases) {
    let env;
    let cleanup;
    if (driver === 'postgres') {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query('DROP DATABASE IF EXISTS isaac_bench WITH (FORCE)');
      await admin.query('CREATE DATABASE isaac_bench');
      pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = '/isaac_bench';
      env = { BENCH_DATABASE_URL: url.toString() };
      cleanup = async () => {
        if (process.argv.includes('--keep')) return;
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query('DROP DATABASE IF EXISTS isaac_bench WITH (FORCE)');
        await c.end();
      };
    } else {
      const dir = mkdtempSync(join(os.tmpdir(), 'isaac-bench-pglite-'));
      env = { BENCH_DATA_DIR: dir };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }

    log(`\n== ${driver} ==`);
    const child = startChild(env, 'serve');
    let floor = null;
    try {
      const ready = await child.call('ready');
      if (driver === 'pglite') pgliteVersion = ready.pgliteVersion;
      // The floor: its own process on PostgreSQL, a route of the bare app (same PGlite) on PGlite.
      let floorPort = ready.barePort;
      if (driver === 'postgres') {
        floor = startChild(env, 'floor');
        floorPort = (await floor.call('ready')).port;
      }
      const floorProcess = floor ?? child;
      let sample = null;
      for (const size of sizes) {
        const seeded = await child.call(
          adminMode ? 'seedAdmin' : electricianMode ? 'seedElectrician' : voiceMode ? 'seedVoice' : 'seed',
          { devices: size },
        );
        seeding.push({ driver, ...seeded });
        log(
          `seeded ${driver} to ${seeded.devices} devices, ${seeded.owners} owners, ${seeded.rooms ?? 0} rooms, ${seeded.audit ?? 0} activity entries in ${seeded.ms} ms`,
        );
        sample ??= adminMode
          ? await child.call('adminTokens', { count: 20 })
          : electricianMode
            ? await child.call('electricianTokens', { count: 50 })
            : voiceMode
              ? await child.call('voiceTokens', { count: VOICE_TOKENS })
              : await child.call('tokens', {
                  count: TOKEN_SAMPLE,
                  ownersInSample: sizes[0] / DEVICES_PER_OWNER,
                });
        if (!saturate) {
          const explained = await child.call(
            adminMode
              ? 'explainAdmin'
              : electricianMode
                ? 'explainElectrician'
                : voiceMode
                  ? 'explainVoice'
                  : 'explain',
            voiceMode ? { sample } : {},
          );
          plans.push({ driver, size, plans: explained.plans });
        }

        const endpoints = voiceMode
          ? VOICE_TARGETS.map(([name, path, bodyKey]) => ({
              name,
              port: ready.apiPort,
              path,
              auth: true,
              method: 'POST',
              bodyKey,
            }))
          : adminMode || electricianMode
            ? (adminMode ? ADMIN_TARGETS : ELECTRICIAN_TARGETS).map(([name, path]) => ({
                name,
                port: ready.apiPort,
                path,
                auth: true,
              }))
            : [
                {
                  name: 'GET /auth/current-user',
                  port: ready.apiPort,
                  path: '/auth/current-user',
                  auth: true,
                },
                { name: 'GET /api/dashboard', port: ready.apiPort, path: '/api/dashboard', auth: true },
                { name: 'GET /api/devices', port: ready.apiPort, path: '/api/devices', auth: true },
                { name: 'GET /api/rooms', port: ready.apiPort, path: '/api/rooms', auth: true },
              ];
        const targets = [
          { name: 'GET /bare (bare Fastify)', port: ready.barePort, path: '/bare', auth: false },
          { name: FLOOR, port: floorPort, path: '/floor/', auth: false, sessionInPath: true, floor: true },
          ...endpoints,
        ].filter(
          (t) => t.floor || endpointFilter.length === 0 || endpointFilter.some((f) => t.name.includes(f)),
        );
        for (let round = 1; round <= rounds; round += 1) {
          for (const target of targets) {
            const measured = target.floor ? floorProcess : child;
            // Warm-up (JIT, pool, caches), not counted.
            await load(autocannon, target, sample, { rate, connections, duration: 2 });
            await measured.call('mark');
            const cpuBefore = machineCpu();
            const generatorDelay = monitorEventLoopDelay({ resolution: 1 });
            generatorDelay.enable();
            const result = await load(autocannon, target, sample, { rate, connections, duration });
            generatorDelay.disable();
            const machine = machineCpu(cpuBefore);
            const api = await measured.call('measure', {
              label: `${driver}-${size}${rounds > 1 ? `-r${round}` : ''}-${target.name.split(' (')[0]}`,
            });
            if (api.profile) log(`CPU profile of the row: ${api.profile}`);
            const run = {
              driver,
              size,
              round,
              endpoint: target.name,
              floor: target.floor === true,
              rate,
              connections,
              duration,
              p50: result.latency.p50,
              p90: result.latency.p90,
              p99: result.latency.p99,
              max: result.latency.max,
              rps: result.requests.average,
              total: result.requests.total,
              bytes: result.throughput.average,
              errors: result.errors + result.timeouts,
              non2xx: result.non2xx,
              apiCpu: api.cpuPercent,
              // CPU time of the serving process per request answered (robust to other work on the machine).
              cpuPerRequestUs:
                result.requests.total > 0 ? Math.round(api.cpuUs / result.requests.total) : null,
              apiLoopMax: api.loopMaxMs,
              // Also stalled at the same time as the API → the machine paused both (other work), not the API itself.
              generatorLoopMax: Math.max(0, Math.round(generatorDelay.max / 1e6 - 1)),
              // Fixed rate: requests the generator itself sent more than 1 ms late (already in their latencies).
              lateSends: result.lateSends ?? null,
              machineBusy: machine.busy,
              machineSteal: machine.steal,
            };
            runs.push(run);
            const floorRun = runs.find(
              (r) => r.floor && r.driver === driver && r.size === size && r.round === round,
            );
            run.ratio = floorRun && floorRun.rps > 0 ? run.rps / floorRun.rps : null;
            log(
              `${driver} ${size.toLocaleString('en')}${rounds > 1 ? ` round ${round}` : ''} ${target.name}: p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
                `${run.rps.toFixed(0)} req/s${!saturate || run.floor || run.ratio === null ? '' : ` (${pct(run.ratio)} of the floor)`}, ` +
                `${run.cpuPerRequestUs} µs CPU per request, ` +
                `errors ${run.errors}, non-2xx ${run.non2xx}; ${run.floor ? 'floor' : 'API'} CPU ${run.apiCpu}%, ` +
                `loop delay max ${run.apiLoopMax} ms, load generator loop delay max ${run.generatorLoopMax} ms` +
                `${run.lateSends === null ? '' : ` (${run.lateSends} of ${run.total} requests sent > 1 ms late)`}, ` +
                `machine busy ${run.machineBusy}% (steal ${run.machineSteal}%)`,
            );
          }
        }
      }
    } finally {
      await floor?.stop();
      await child.stop();
      await cleanup();
    }
  }

  const totalSeconds = Math.round((Date.now() - started) / 1000);
  const command = [
    'npm run bench:api --',
    ...(adminMode ? ['--admin'] : []),
    ...(electricianMode ? ['--electrician'] : []),
    ...(voiceMode ? ['--voice'] : []),
    ...(saturate ? ['--saturate'] : ['--rate', rate]),
    '--duration',
    duration,
    '--connections',
    connections,
    '--sizes',
    sizes.join(','),
    ...(only ? ['--only', only] : []),
    ...(endpointFilter.length > 0 ? ['--endpoints', endpointFilter.join(',')] : []),
    ...(rounds > 1 ? ['--rounds', rounds] : []),
  ].join(' ');
  const section = report({
    mode,
    runs,
    plans,
    seeding,
    rate,
    duration,
    connections,
    sizes,
    rounds,
    pgVersion,
    pgliteVersion,
    totalSeconds,
    command,
  });
  console.log(`\n${section}`);
  if (!process.argv.includes('--no-write')) {
    writeSection(SUBSECTION[mode], section);
    log(`wrote '${SUBSECTION[mode]}' in the '${SECTION}' section of ${BENCH_FILE}`);
  }
  for (const line of verdicts({ mode, runs: medianRuns(runs), rate }).filter((l) => l.includes('MISSED')))
    log(`target missed: ${line.replace(/^- /, '')}`);
}

function log(message) {
  console.log(`[bench:api] ${message}`);
}

/**
 * Whole-machine CPU from /proc/stat: call with no argument for a snapshot, then with it for the busy and
 * steal share (percent of all cores) in between — shows what else ran on the machine during a row.
 */
function machineCpu(before) {
  let fields;
  try {
    fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return before ? { busy: null, steal: null } : null;
  }
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields;
  const snapshot = { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait, steal };
  if (!before) return snapshot;
  if (!before.busy) return { busy: null, steal: null };
  const busy = snapshot.busy - before.busy;
  const total = busy + snapshot.idle - before.idle;
  const pct = (n) => (total > 0 ? Math.round((n / total) * 100) : null);
  return { busy: pct(busy), steal: pct(snapshot.steal - before.steal) };
}

/**
 * One row's load. At a fixed rate: open-loop, requests evenly spaced, latency from each one's scheduled
 * time (scripts/lib/paced-load.mjs, ADR 042). Saturating: autocannon, each connection sending its next
 * request as soon as the previous one is answered.
 */
function load(autocannon, target, sample, { rate, connections, duration }) {
  let next = 0;
  const request = { method: target.method ?? 'GET', path: target.path };
  if (target.auth) {
    request.setupRequest = (req) => {
      next = (next + 1) % sample.tokens.length;
      const headers = { ...req.headers, authorization: `Bearer ${sample.tokens[next]}` };
      // A POST row sends the sampled owner's own body (voice: a QUERY or EXECUTE of that owner's devices).
      if (target.bodyKey) {
        return {
          ...req,
          headers: { ...headers, 'content-type': 'application/json' },
          body: sample[target.bodyKey][next],
        };
      }
      return { ...req, headers };
    };
  } else if (target.sessionInPath) {
    request.setupRequest = (req) => {
      next = (next + 1) % sample.sessionIds.length;
      return { ...req, path: `${target.path}${sample.sessionIds[next]}` };
    };
  }
  const url = `http://127.0.0.1:${target.port}`;
  if (rate > 0) {
    const base = { method: request.method, path: request.path, headers: {} };
    return pacedLoad({
      url,
      rate,
      duration,
      connections,
      request: () => (request.setupRequest ? request.setupRequest(base) : base),
    });
  }
  return autocannon({ url, connections, duration, requests: [request] });
}

/**
 * A child, driven over IPC: each call is `{id, cmd, args}` → `{id, result | error}`. `serve` is the API
 * (under tsx, with BENCH_NODE_ARGS); `floor` is the floor server (plain Node).
 */
function startChild(env, role) {
  const child = fork(SELF, [`--${role}`], {
    cwd: ROOT,
    execArgv:
      role === 'serve'
        ? ['--import', 'tsx', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)]
        : [],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let seq = 0;
  const pending = new Map();
  child.on('message', (message) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error));
    else waiter.resolve(message.result);
  });
  child.on('exit', (code) => {
    for (const waiter of pending.values()) waiter.reject(new Error(`bench server exited (${code})`));
    pending.clear();
  });
  return {
    call(cmd, args = {}) {
      const id = ++seq;
      return new Promise((resolvePromise, reject) => {
        pending.set(id, { resolve: resolvePromise, reject });
        child.send({ id, cmd, args });
      });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      try {
        await this.call('stop');
      } catch {
        // exited already
      }
      await exited;
    },
  };
}

// ───────────────────────────── report ─────────────────────────────

const fmt = (n) => n.toLocaleString('en');
const ms = (n) => (Number.isInteger(n) ? `${n} ms` : `${n.toFixed(1)} ms`);
const pct = (ratio) => `${Math.round(ratio * 100)}%`;
const dbName = (driver) => (driver === 'postgres' ? 'PostgreSQL' : 'PGlite');

/**
 * One run per (database, size, endpoint): the round with the median throughput, carrying the range of
 * the endpoint's ratio to the floor over the rounds (each round's ratio is to that round's floor).
 */
function medianRuns(runs) {
  const groups = new Map();
  for (const r of runs) {
    const key = `${r.driver}|${r.size}|${r.endpoint}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  return [...groups.values()].map((group) => {
    const sorted = [...group].sort((x, y) => x.rps - y.rps);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    const ratios = group.map((r) => r.ratio).filter((x) => x !== null && x !== undefined);
    return {
      ...median,
      rounds: group.length,
      ratioMin: ratios.length > 0 ? Math.min(...ratios) : null,
      ratioMax: ratios.length > 0 ? Math.max(...ratios) : null,
    };
  });
}

/** The targets, met or missed, as report lines. */
function verdicts({ mode, runs, rate }) {
  const lines = [];
  if (mode === 'saturate') {
    for (const driver of ['postgres', 'pglite']) {
      const rows = runs.filter(
        (r) => r.driver === driver && RATIO_ENDPOINTS.includes(r.endpoint) && r.ratio !== null,
      );
      if (rows.length === 0) continue;
      const missed = rows.filter((r) => r.ratio < TARGET_RATIO);
      const list = (rs) =>
        rs.map((r) => `\`${r.endpoint}\` at ${fmt(r.size)} devices ${pct(r.ratio)}`).join('; ');
      lines.push(
        missed.length === 0
          ? `- MET on ${dbName(driver)}: ${list(rows)}.`
          : `- MISSED on ${dbName(driver)}: ${list(missed)}${missed.length < rows.length ? ` (met: ${list(rows.filter((r) => r.ratio >= TARGET_RATIO))})` : ''}.`,
      );
    }
    return lines;
  }
  const targetP99 = targetP99Of(mode);
  const pgRows = runs.filter((r) => r.driver === 'postgres' && targetEndpoints(mode).includes(r.endpoint));
  if (pgRows.length > 0) {
    const missed = pgRows.filter((r) => r.p99 > targetP99);
    const worst = pgRows.reduce((w, r) => (w === null || r.p99 > w.p99 ? r : w), null);
    lines.push(
      missed.length === 0
        ? `- MET on PostgreSQL: worst p99 ${ms(worst.p99)} (\`${worst.endpoint}\` at ${fmt(worst.size)} devices).`
        : `- MISSED on PostgreSQL: ${missed.map((r) => `\`${r.endpoint}\` at ${fmt(r.size)} devices p99 ${ms(r.p99)}`).join('; ')}.`,
    );
    for (const r of missed) {
      // A stall of the API process's event loop as long as the tail means the tail is a pause, not query cost.
      if (r.apiLoopMax >= r.p99 / 2) {
        lines.push(
          `  \`${r.endpoint}\` at ${fmt(r.size)}: its tail coincides with a ${ms(r.apiLoopMax)} stall of the API event loop ` +
            `(load generator: ${ms(r.generatorLoopMax)}; p50 ${ms(r.p50)}, p90 ${ms(r.p90)}; machine busy ${r.machineBusy}%).`,
        );
      }
    }
  }
  if (mode === 'admin' || mode === 'electrician' || mode === 'voice') return lines;
  const pgliteRows = runs.filter((r) => r.driver === 'pglite' && OWNER_ENDPOINTS.includes(r.endpoint));
  if (pgliteRows.length > 0) {
    const short = pgliteRows.filter((r) => r.rps < 0.95 * rate);
    lines.push(
      short.length === 0
        ? `- MET on PGlite: every owner endpoint sustains ${fmt(rate)} req/s (worst p99 ${ms(Math.max(...pgliteRows.map((r) => r.p99)))}).`
        : `- MISSED on PGlite: ${short.map((r) => `\`${r.endpoint}\` at ${fmt(r.size)} devices ${fmt(Math.round(r.rps))} req/s`).join('; ')}.`,
    );
  }
  return lines;
}

function report({
  mode,
  runs: allRuns,
  plans,
  seeding,
  rate,
  duration,
  connections,
  sizes,
  rounds,
  pgVersion,
  pgliteVersion,
  totalSeconds,
  command,
}) {
  const runs = medianRuns(allRuns);
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, ${os.type()} ${os.release()}; Node ${process.version}`;
  const lines = [SUBSECTION[mode], ''];
  lines.push(
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine}; PostgreSQL ${pgVersion || 'n/a'} (local, node-postgres pool of ${POOL_MAX}); PGlite ${pgliteVersion || 'n/a'} (embedded, in the API process).`,
    `Command: \`${command}\`; total run ${totalSeconds} s.`,
    '',
  );
  if (mode === 'saturate') {
    lines.push(
      `autocannon drives each row as fast as ${connections} connections go (no rate: a connection sends its next request when`,
      `the previous one is answered) for ${duration} s after a 2 s warm-up. Each database's floor runs first, then the endpoints, back`,
      `to back${rounds > 1 ? `, ${rounds} rounds in a row; each row is the endpoint's median round, its ratio range over the rounds in brackets` : ''}.`,
      "The floor is what any authenticated request costs at least: a bare Fastify app doing the session lookup's read (the",
      `session joined with its user by primary key, a named prepared statement) through a node-postgres pool of ${POOL_MAX} — in its own`,
      'process on PostgreSQL (the API process idle meanwhile); on PGlite a route of the bare app in the API process on the same',
      'PGlite instance (one connection, its data directory locked by that process). "Of the floor" is the endpoint\'s throughput',
      "over the floor's in the same run. CPU is the process serving the row (one core = 100%); CPU per request is that",
      "process's CPU time over the requests it answered, which other work on the machine moves less than throughput.",
      '',
      '| Database | Devices in table | Endpoint | Throughput | Of the floor | p50 | p99 | Errors | Non-2xx | CPU | CPU per request | Loop delay max: server / load generator | Machine busy (steal) |',
      '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const r of runs) {
      const ratio =
        r.floor || r.ratio === null
          ? r.floor
            ? '100%'
            : '—'
          : `${pct(r.ratio)}${r.rounds > 1 ? ` (${pct(r.ratioMin)}–${pct(r.ratioMax)})` : ''}`;
      lines.push(
        `| ${dbName(r.driver)} | ${fmt(r.size)} | \`${r.endpoint}\` | ${fmt(Math.round(r.rps))} req/s | ${ratio} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx} | ${r.apiCpu}% | ${r.cpuPerRequestUs ?? '?'} µs | ${ms(r.apiLoopMax)} / ${ms(r.generatorLoopMax)} | ${r.machineBusy ?? '?'}% (${r.machineSteal ?? '?'}%) |`,
      );
    }
    lines.push(
      '',
      `Target: \`${RATIO_ENDPOINTS.join('` and `')}\` at saturation ≥ ${pct(TARGET_RATIO)} of the floor in the same run.`,
      ...verdicts({ mode, runs, rate }),
    );
    return lines.join('\n');
  }

  lines.push(
    `An open-loop generator sends ${fmt(rate)} req/s evenly spaced (one every ${(1000 / rate).toFixed(1)} ms, whether or not earlier ones are answered)`,
    `over at most ${connections} keep-alive connections for ${duration} s per row (after a 2 s warm-up); each latency runs from the request's`,
    `scheduled time to the end of its response, so queueing and stalls count (ADR 042); throughput counts response bodies${rounds > 1 ? `; ${rounds} rounds, each row is the endpoint's median round` : ''}.`,
    'The bare Fastify route (`GET /bare` → `{ok:true}`, no plugins) and the floor (see the saturation table) are references.',
    'API CPU is the process serving the row (one core = 100%); loop delay max is the longest event-loop pause of that process and',
    'of the load generator (a pause in both at once is the machine, e.g. other work scheduled over both cores);',
    'machine busy is all cores, this benchmark (API, PostgreSQL, load generator) and anything else running, with the VM steal share.',
    'Throughput below the offered rate (marked *) means saturation.',
    '',
    '| Database | Devices in table | Endpoint | p50 | p90 | p99 | max | Throughput | Errors | Non-2xx | CPU | Loop delay max: server / load generator | Machine busy (steal) |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of runs) {
    lines.push(
      `| ${dbName(r.driver)} | ${fmt(r.size)} | \`${r.endpoint}\` | ${ms(r.p50)} | ${ms(r.p90)} | ${ms(r.p99)} | ${ms(r.max)} | ${fmt(Math.round(r.rps))} req/s${r.rps < 0.95 * r.rate ? '*' : ''} (${(r.bytes / 1024).toFixed(0)} KB/s) | ${r.errors} | ${r.non2xx} | ${r.apiCpu}% | ${ms(r.apiLoopMax)} / ${ms(r.generatorLoopMax)} | ${r.machineBusy ?? '?'}% (${r.machineSteal ?? '?'}%) |`,
    );
  }
  lines.push('');
  lines.push(
    `Seeding (generate_series, then VACUUM ANALYZE and CHECKPOINT): ${seeding.map((s) => `${s.driver} → ${fmt(s.devices)} devices in ${(s.ms / 1000).toFixed(1)} s`).join('; ')}.`,
  );
  lines.push('');
  lines.push(
    ...(mode === 'voice'
      ? [
          `Dataset: owners with ${VOICE_DEVICES_PER_OWNER} devices each (ISAAC, two-gang Lumos, SKYWALKER; a tenth offline), the devices`,
          `table grown to each size; ${VOICE_TOKENS} owners linked to a Google client through the OAuth model (real opaque access`,
          "tokens). Requests rotate over them: QUERY asks for 5 of the owner's endpoints, EXECUTE turns the owner's first online",
          'purifier on (a real command: row lock, desired state, device activity and activity-log rows, in one transaction).',
          `Targets: p99 ≤ ${TARGET_VOICE_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for QUERY and EXECUTE (Google asks for ≤ 1,000 ms end`,
          'to end on air purifiers and ≤ 700 ms on switches).',
        ]
      : mode === 'electrician'
        ? [
            `Dataset: ${fmt(BENCH_ELECTRICIANS)} electricians, ${fmt(BENCH_CUSTOMERS)} customers (40 each, 2 devices each), the`,
            'installations table grown to each size (spread over the electricians, 2 devices each); requests rotate over 50',
            'electricians\' sessions. (The "Devices in table" column is the installations table\'s size in this mode.)',
            `Targets: p99 ≤ ${TARGET_ADMIN_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for each endpoint, no growth with the table.`,
          ]
        : mode === 'admin'
          ? [
              `Dataset: ${fmt(ADMIN_USERS)} owners, the devices table grown to each size (a fifth available, a quarter offline,`,
              `three types and firmware versions), ${fmt(ADMIN_AUDIT_ROWS)} activity entries; requests rotate over 20 admin sessions.`,
              `The users search is \`${ADMIN_SEARCH}\` (50 matching names among realistic ones); the devices filter keeps the online ones.`,
              `Targets: p99 ≤ ${TARGET_ADMIN_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for each admin endpoint, no growth with the`,
              'devices table (ADR 032).',
            ]
          : [
              `Targets: p99 ≤ ${TARGET_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for every authenticated endpoint, no growth with the`,
              `table size; PGlite sustains ${fmt(rate)} req/s on the owner endpoints.`,
            ]),
    ...verdicts({ mode, runs, rate }),
  );
  if (sizes.length > 1) {
    const small = sizes[0];
    const large = sizes[sizes.length - 1];
    for (const driver of ['postgres', 'pglite']) {
      const parts = [];
      for (const endpoint of targetEndpoints(mode)) {
        const a = runs.find((r) => r.driver === driver && r.size === small && r.endpoint === endpoint);
        const b = runs.find((r) => r.driver === driver && r.size === large && r.endpoint === endpoint);
        if (a && b)
          parts.push(`\`${endpoint}\` p50 ${ms(a.p50)} → ${ms(b.p50)}, p99 ${ms(a.p99)} → ${ms(b.p99)}`);
      }
      if (parts.length > 0)
        lines.push(`- ${dbName(driver)}, ${fmt(small)} → ${fmt(large)} devices: ${parts.join('; ')}.`);
    }
  }
  lines.push('');
  lines.push(
    `Query plans (EXPLAIN ANALYZE of the exact SQL the services send${mode === 'admin' ? '' : ' for one sampled owner'}, captured through a Drizzle logger; scan nodes, planning and execution time):`,
    '',
  );
  for (const p of plans) {
    lines.push(`- ${dbName(p.driver)}, ${fmt(p.size)} devices:`);
    for (const q of p.plans) lines.push(`  - ${q.label}: ${q.summary}`);
  }
  lines.push(
    '',
    'PGlite runs the database inside the API process (one WASM thread shared with request handling), so it is the',
    'embedded single-process option, not the one the latency target is set for.',
    `A ${duration} s row holds ~${fmt(rate * duration)} requests, so a single ~100 ms pause of the API process (descheduled by other`,
    'work on the machine, or a rare long GC) is enough to move its p99.',
  );
  return lines.join('\n');
}

/** The common head of the section: what every row measures (each mode rewrites only its subsection). */
const SECTION_INTRO = [
  SECTION,
  '',
  `Dataset: owners with ${DEVICES_PER_OWNER} devices (isaac, lumos ×2, skywalker, isaac) and ${ROOMS_PER_OWNER} rooms each (3 devices in rooms),`,
  'firmware per type, seeded with generate_series (then VACUUM ANALYZE and CHECKPOINT) and grown between the sizes. Requests',
  `rotate over real sessions of ${TOKEN_SAMPLE} owners (the same owners at every size), so each request passes the whole stack:`,
  "JWT check, session lookup, RBAC, the query, zod response serialisation. The sessions' last activity is spread over the",
  "minute, as real traffic's is, so the auth hook's once-a-minute last_seen_at write does not fire for all of them at once.",
  'The load runs in the parent process, the API in a child (`scripts/bench-api.mjs`, header comment): autocannon when saturating,',
  'an open-loop paced generator at a fixed rate (`scripts/lib/paced-load.mjs`, ADR 042).',
  'The machine is a shared 2-core VM (other work may run at the same time): compare rows of the same run, not runs.',
  'What was slow before and what changed: ADR 017 (docs/decisions/017-request-path.md).',
  '',
].join('\n');

/** Replaces `subsection` (and the section's intro) in docs/benchmarks.md, keeping the other mode's subsection. */
function writeSection(subsection, body) {
  let text = existsSync(BENCH_FILE) ? readFileSync(BENCH_FILE, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(`${SECTION}\n`);
  const kept = new Map();
  let after = '';
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + SECTION.length);
    const old = text.slice(start, next >= 0 ? next : text.length);
    after = next >= 0 ? text.slice(next) : '';
    text = text.slice(0, start);
    for (const heading of Object.values(SUBSECTION)) {
      const at = old.indexOf(`${heading}\n`);
      if (at < 0) continue;
      const end = old.indexOf('\n### ', at + heading.length);
      kept.set(heading, old.slice(at, end >= 0 ? end : old.length).trimEnd());
    }
  } else {
    text = `${text.replace(/\n*$/, '\n')}\n`;
  }
  kept.set(subsection, body.trimEnd());
  const parts = Object.values(SUBSECTION)
    .filter((h) => kept.has(h))
    .map((h) => kept.get(h));
  text = `${text}${SECTION_INTRO}\n${parts.join('\n\n')}\n${after}`;
  writeFileSync(BENCH_FILE, text.replace(/\n{3,}/g, '\n\n'));
}

// ───────────────────────────── child: the API under test ─────────────────────────────

async function serve(setupChild) {
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

async function serveSetup() {
  const { default: Fastify } = await import('fastify');
  const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createDatabase, schema } = await import('../apps/server/src/db/client.ts');
  const { migrateDatabase } = await import('../apps/server/src/db/migrate.ts');
  const { DeviceService } = await import('../apps/server/src/modules/devices/service.ts');
  const { RoomService } = await import('../apps/server/src/modules/rooms/service.ts');
  const { OwnerDashboardService } = await import('../apps/server/src/modules/dashboard/service.ts');
  const { DeviceCommandService } = await import('../apps/server/src/modules/device-commands/service.ts');
  const { AuditLog } = await import('../apps/server/src/modules/audit/audit-log.ts');
  const { RowCounts } = await import('../apps/server/src/modules/stats/row-counts.ts');
  const { AdminUserService } = await import('../apps/server/src/modules/admin-users/service.ts');
  const { AdminDeviceService } = await import('../apps/server/src/modules/admin-devices/service.ts');
  const { AdminDashboardService } = await import('../apps/server/src/modules/admin-dashboard/service.ts');
  const { RequestOutcomes } = await import('../apps/server/src/plugins/request-outcomes.ts');
  const { ElectricianService } = await import('../apps/server/src/modules/electrician/service.ts');
  const { SecretBox } = await import('../apps/server/src/modules/two-factor/secret-box.ts');

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

  let owners = 0;
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

    /** Grows the dataset to `devices` devices (owners from the current count + 1). */
    async seed({ devices: targetDevices }) {
      const started = Date.now();
      const from = owners + 1;
      const to = targetDevices / DEVICES_PER_OWNER;
      const uid = (i) => `md5('bench-user-' || ${i})::uuid::text`;
      const rid = (i, r) => `md5('bench-room-' || ${i} || '-' || ${r})::uuid::text`;
      await exec(
        `INSERT INTO users (id, name, email, username, password_hash, role, mobile, city, created_at, updated_at)
         SELECT ${uid('i')}, 'Bench Owner ' || i, 'owner' || i || '@bench.isaac', 'bench-owner-' || i,
                '$argon2id$v=19$m=19456,t=2,p=1$bench$no-sign-in-with-a-password', 2, '+91 90000 ' || lpad(i::text, 5, '0'),
                'Bengaluru', now() - make_interval(secs => i * 60), now()
         FROM generate_series($1::int, $2::int) AS i`,
        [from, to],
      );
      await exec(
        `INSERT INTO rooms (id, user_id, name, type, created_at, updated_at)
         SELECT ${rid('i', 'r')}, ${uid('i')}, (ARRAY['Living Room', 'Bedroom'])[r], (ARRAY['living_room', 'bedroom'])[r],
                now() - make_interval(secs => i * 60 - r), now()
         FROM generate_series(1, ${ROOMS_PER_OWNER}) AS r, generate_series($1::int, $2::int) AS i`,
        [from, to],
      );
      // Devices k = 1..5 of owner i; inserted k-major so an owner's devices are spread over the heap, as
      // devices added over months would be.
      await exec(
        `INSERT INTO devices (id, name, model, serial_number, type, user_id, room_id, is_connected, power_on,
                              battery_level, firmware_version, gang_count, gang_states, wifi_configured,
                              bluetooth_paired, last_updated, created_at, updated_at)
         SELECT md5('bench-device-' || i || '-' || k)::uuid::text,
                (ARRAY['Purifier', 'Hall Switch', 'Air Sensor', 'Bedroom Switch', 'Purifier Pro'])[k],
                (ARRAY['ISAAC Air Purifier', 'Lumos 2-Gang', 'SKYWALKER Air Sensor', 'Lumos 4-Gang', 'ISAAC Air Purifier Pro'])[k],
                'BENCH-' || i || '-' || k,
                (ARRAY['isaac', 'lumos', 'skywalker', 'lumos', 'isaac'])[k],
                ${uid('i')},
                CASE WHEN k <= 2 THEN ${rid('i', 1)} WHEN k = 3 THEN ${rid('i', 2)} ELSE NULL END,
                (i + k) % 5 <> 0, (i + k) % 3 = 0,
                CASE WHEN k IN (2, 4) THEN NULL ELSE 10 + (i * 7 + k) % 90 END,
                (ARRAY['1.0.0', '1.1.0', '1.2.3'])[1 + (i + k) % 3],
                CASE k WHEN 2 THEN 2 WHEN 4 THEN 4 ELSE 0 END,
                CASE k WHEN 2 THEN '[false, true]'::jsonb WHEN 4 THEN '[true, false, false, true]'::jsonb ELSE '[]'::jsonb END,
                true, k % 2 = 0,
                now() - make_interval(secs => (i * 13 + k) % 86400),
                now() - make_interval(secs => i * 60 + k), now()
         FROM generate_series(1, ${DEVICES_PER_OWNER}) AS k, generate_series($1::int, $2::int) AS i`,
        [from, to],
      );
      await exec(
        `INSERT INTO firmware (device_type, version, filename, file_size, sha256, storage_key)
         SELECT t, v, t || '-' || v || '.bin', 524288, md5(t || v) || md5(v || t), 'firmware/' || t || '/' || v || '.bin'
         FROM unnest(ARRAY['isaac', 'lumos', 'skywalker']) AS t,
              unnest(ARRAY['1.0.0', '1.1.0', '1.2.3', '1.3.0', '1.9.9', '1.10.0', '2.0.0-rc.1', 'v2.0.0']) AS v
         ON CONFLICT DO NOTHING`,
      );
      // A settled table, as in steady state: vacuumed (no autovacuum kicking in mid-run after the bulk
      // insert), statistics fresh, and the insert's WAL checkpointed.
      await exec('VACUUM ANALYZE');
      await exec('CHECKPOINT');
      owners = to;
      const [counts] = await exec(
        'SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM users)::int AS owners, (SELECT count(*) FROM rooms)::int AS rooms',
      );
      return { ...counts, ms: Date.now() - started };
    },

    /**
     * Admin mode: ADMIN_USERS owners and ADMIN_AUDIT_ROWS activity entries (first call), the devices table
     * grown to `devices` — device j belongs to owner 1 + j % ADMIN_USERS, except every fifth (available);
     * a quarter are offline; three types and firmware versions; newest j last.
     */
    async seedAdmin({ devices: targetDevices }) {
      const started = Date.now();
      const uid = (i) => `md5('bench-user-' || ${i})::uuid::text`;
      if (owners === 0) {
        await exec(
          `INSERT INTO users (id, name, email, username, password_hash, role, mobile, city, created_at, updated_at)
           SELECT ${uid('i')}, f || ' ' || l, lower(f || '.' || l) || i || '@mail.example', 'bench-owner-' || i,
                  '$argon2id$v=19$m=19456,t=2,p=1$bench$no-sign-in-with-a-password', 2, '+91 90000 ' || lpad(i::text, 5, '0'),
                  'Bengaluru', now() - make_interval(secs => i * 60), now()
           FROM generate_series(1, $1::int) AS i,
                LATERAL (SELECT ($2::text[])[1 + i % 50] AS f, ($3::text[])[1 + (i / 50) % 40] AS l) AS names`,
          [ADMIN_USERS, FIRST_NAMES, LAST_NAMES],
        );
        await exec(
          `INSERT INTO audit_log (id, at, actor_id, actor_name, actor_role, action, entity_type, entity_id, entity_name, changes, channel, ip)
           SELECT md5('bench-audit-' || a)::uuid::text, now() - make_interval(secs => a * 5), ${uid('1 + a % 1000')},
                  'Bench Owner ' || (1 + a % 1000), 2, 'device.command', 'device', md5('bench-admin-device-' || a)::uuid::text,
                  'Device ' || a, '{"power_on": {"before": false, "after": true}}'::jsonb,
                  (ARRAY['web', 'api', 'voice'])[1 + a % 3], '127.0.0.1'
           FROM generate_series(1, $1::int) AS a`,
          [ADMIN_AUDIT_ROWS],
        );
        owners = ADMIN_USERS;
      }
      const [{ have }] = await exec('SELECT count(*)::int AS have FROM devices');
      await exec(
        `INSERT INTO devices (id, name, model, serial_number, type, user_id, is_connected, power_on, firmware_version,
                              gang_count, gang_states, last_updated, created_at, updated_at)
         SELECT md5('bench-admin-device-' || j)::uuid::text, 'Device ' || j,
                (ARRAY['ISAAC Air Purifier', 'Lumos 2-Gang', 'SKYWALKER Air Sensor'])[1 + j % 3], 'ADM-' || j,
                (ARRAY['isaac', 'lumos', 'skywalker'])[1 + j % 3],
                CASE WHEN j % 5 = 0 THEN NULL ELSE ${uid(`1 + j % ${ADMIN_USERS}`)} END,
                j % 4 <> 0, j % 2 = 0, (ARRAY['1.0.0', '1.1.0', '1.2.3'])[1 + j % 3],
                CASE WHEN j % 3 = 1 THEN 2 ELSE 0 END,
                CASE WHEN j % 3 = 1 THEN '[false, true]'::jsonb ELSE '[]'::jsonb END,
                now(), now() - make_interval(secs => $2::int - j), now()
         FROM generate_series($1::int + 1, $2::int) AS j`,
        [have, targetDevices],
      );
      await exec('VACUUM ANALYZE');
      await exec('CHECKPOINT');
      const [counts] = await exec(
        'SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM users)::int AS owners, (SELECT count(*) FROM audit_log)::int AS audit',
      );
      return { ...counts, ms: Date.now() - started };
    },

    /**
     * Voice mode: owners with VOICE_DEVICES_PER_OWNER devices each, grown to `devices` devices (owner o:
     * md5('bench-voice-owner-' || o); device k of 20: ISAAC when k % 4 is 1 or 0, a two-gang Lumos at 2, a
     * SKYWALKER at 3; every tenth offline).
     */
    async seedVoice({ devices: targetDevices }) {
      const started = Date.now();
      const oid = (o) => `md5('bench-voice-owner-' || ${o})::uuid::text`;
      const targetOwners = Math.ceil(targetDevices / VOICE_DEVICES_PER_OWNER);
      await exec(
        `INSERT INTO users (id, name, email, username, password_hash, role, created_at, updated_at)
         SELECT ${oid('o')}, 'Voice Owner ' || o, 'voice' || o || '@bench.isaac', 'bench-voice-' || o,
                '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 2, now() - interval '200 days', now()
         FROM generate_series($1::int + 1, $2::int) AS o`,
        [owners, targetOwners],
      );
      await exec(
        `INSERT INTO devices (id, name, model, serial_number, type, user_id, is_connected, power_on, fan_speed,
                              gang_count, gang_states, created_at, updated_at)
         SELECT md5('bench-voice-device-' || o || '-' || k)::uuid::text, 'Device ' || k,
                CASE k % 4 WHEN 2 THEN 'Lumos 2-Gang' WHEN 3 THEN 'SKYWALKER' ELSE 'ISAAC Air Purifier' END,
                'VOX-' || o || '-' || k,
                CASE k % 4 WHEN 2 THEN 'lumos' WHEN 3 THEN 'skywalker' ELSE 'isaac' END,
                ${oid('o')}, k % 10 <> 0, false,
                CASE WHEN k % 4 IN (0, 1) THEN 'medium' END,
                CASE k % 4 WHEN 2 THEN 2 ELSE 0 END,
                CASE k % 4 WHEN 2 THEN '[false, false]'::jsonb ELSE '[]'::jsonb END,
                now() - make_interval(secs => o * 60 + k), now()
         FROM generate_series($1::int + 1, $2::int) AS o, generate_series(1, $3::int) AS k`,
        [owners, targetOwners, VOICE_DEVICES_PER_OWNER],
      );
      owners = Math.max(owners, targetOwners);
      await exec('VACUUM ANALYZE');
      await exec('CHECKPOINT');
      const [counts] = await exec(
        'SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM users)::int AS owners',
      );
      return { ...counts, ms: Date.now() - started };
    },

    /**
     * Voice mode: a Google client, `count` owners linked to it through the OAuth model (real opaque access
     * tokens), a session each (for the floor), and each owner's QUERY and EXECUTE bodies.
     */
    async voiceTokens({ count }) {
      const { modelClient } = await import('../apps/server/src/modules/oauth/model.ts');
      const context = { actor: null, channel: 'system', ip: null, userAgent: null, requestId: null };
      const registered = await app.services.oauth.createClient(
        {
          name: 'Google Home (bench)',
          redirect_uris: ['https://oauth-redirect.googleusercontent.com/r/bench'],
          public: false,
        },
        context,
      );
      const [clientRow] = await exec('SELECT * FROM oauth_clients WHERE id = $1', [registered.client._id]);
      const client = modelClient({
        ...clientRow,
        redirectUris: clientRow.redirect_uris,
        secretHash: clientRow.secret_hash,
        clientId: clientRow.client_id,
      });
      const tokens = [];
      const sessionIds = [];
      const query = [];
      const execute = [];
      for (let o = 1; o <= count; o += 1) {
        const [user] = await exec(
          `SELECT id, name, role FROM users WHERE id = md5('bench-voice-owner-' || $1::int)::uuid::text`,
          [o],
        );
        const accessToken = await app.services.oauth.model.generateAccessToken();
        await app.services.oauth.model.saveToken(
          {
            accessToken,
            refreshToken: await app.services.oauth.model.generateRefreshToken(),
            scope: ['devices'],
          },
          client,
          { id: user.id, name: user.name, role: user.role },
        );
        tokens.push(accessToken);
        const session = await app.sessions.create(user.id, { userAgent: 'bench-api', ip: '127.0.0.1' });
        sessionIds.push(session.id);
        const ids = await exec(
          `SELECT id, type, is_connected FROM devices WHERE user_id = $1 ORDER BY created_at, id`,
          [user.id],
        );
        const endpoints = ids.flatMap((d) => (d.type === 'lumos' ? [`${d.id}:g0`, `${d.id}:g1`] : [d.id]));
        query.push(
          JSON.stringify({
            requestId: `bench-q-${o}`,
            inputs: [
              {
                intent: 'action.devices.QUERY',
                payload: { devices: endpoints.slice(0, 5).map((id) => ({ id })) },
              },
            ],
          }),
        );
        // The owner's first online ISAAC (every owner has online ones: k % 4 = 1, k % 10 <> 0).
        execute.push(
          JSON.stringify({
            requestId: `bench-e-${o}`,
            inputs: [
              {
                intent: 'action.devices.EXECUTE',
                payload: {
                  commands: [
                    {
                      devices: [{ id: ids.find((d) => d.type === 'isaac' && d.is_connected).id }],
                      execution: [{ command: 'action.devices.commands.OnOff', params: { on: true } }],
                    },
                  ],
                },
              },
            ],
          }),
        );
      }
      await exec(
        `UPDATE sessions SET last_seen_at = now() - random() * interval '59 seconds' WHERE user_agent = 'bench-api'`,
      );
      return { tokens, sessionIds, query, execute };
    },

    /** Voice mode: EXPLAIN ANALYZE of the SQL a QUERY and an EXECUTE send for one linked owner. */
    async explainVoice({ sample }) {
      const { captured, logged } = capturing();
      const now = () => new Date();
      const { VoiceService } = await import('../apps/server/src/modules/voice/service.ts');
      const { OAuthService } = await import('../apps/server/src/modules/oauth/service.ts');
      const audit = new AuditLog(logged, now);
      const oauth = new OAuthService(logged, audit, now);
      const voice = new VoiceService(
        logged,
        oauth,
        new DeviceCommandService(logged, audit, now),
        now,
        app.log,
      );
      const meta = { ip: null, requestId: null };
      const steps = [
        [VOICE_ENDPOINTS[0], () => voice.google(sample.tokens[0], JSON.parse(sample.query[0]), meta)],
        [VOICE_ENDPOINTS[1], () => voice.google(sample.tokens[0], JSON.parse(sample.execute[0]), meta)],
      ];
      return { plans: await explainSteps(steps, captured, true) };
    },

    /**
     * Electrician mode: BENCH_ELECTRICIANS electricians and BENCH_CUSTOMERS owners (customer c belongs to
     * electrician 1 + c % BENCH_ELECTRICIANS, with 2 devices), first call; then installations grown to
     * `devices` (the size): installation j of customer 1 + j % BENCH_CUSTOMERS, 2 devices each.
     */
    async seedElectrician({ devices: targetInstallations }) {
      const started = Date.now();
      const eid = (i) => `md5('bench-electrician-' || ${i})::uuid::text`;
      const cid = (i) => `md5('bench-customer-' || ${i})::uuid::text`;
      if (owners === 0) {
        await exec(
          `INSERT INTO users (id, name, email, username, password_hash, role, created_at, updated_at)
           SELECT ${eid('i')}, 'Electrician ' || i, 'electrician' || i || '@bench.isaac', 'bench-electrician-' || i,
                  '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 1, now() - interval '300 days', now()
           FROM generate_series(1, $1::int) AS i`,
          [BENCH_ELECTRICIANS],
        );
        await exec(
          `INSERT INTO users (id, name, email, username, password_hash, role, mobile, created_at, updated_at)
           SELECT ${cid('c')}, 'Customer ' || c, 'customer' || c || '@bench.isaac', 'bench-customer-' || c,
                  '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 2, '+91 90000 ' || lpad(c::text, 5, '0'),
                  now() - make_interval(secs => c * 60), now()
           FROM generate_series(1, $1::int) AS c`,
          [BENCH_CUSTOMERS],
        );
        await exec(
          `INSERT INTO electrician_customers (id, electrician_id, customer_id, installation_date, status, created_at)
           SELECT md5('bench-assignment-' || c)::uuid::text, ${eid(`1 + c % ${BENCH_ELECTRICIANS}`)}, ${cid('c')},
                  (current_date + (c % 30))::date, (ARRAY['assigned', 'in_progress', 'completed'])[1 + c % 3], now()
           FROM generate_series(1, $1::int) AS c`,
          [BENCH_CUSTOMERS],
        );
        await exec(
          `INSERT INTO devices (id, name, model, serial_number, type, user_id, is_connected, created_at, updated_at)
           SELECT md5('bench-customer-device-' || c || '-' || k)::uuid::text, 'Device ' || k, 'ISAAC Air Purifier',
                  'CUS-' || c || '-' || k, 'isaac', ${cid('c')}, k = 1, now() - make_interval(secs => c * 60 + k), now()
           FROM generate_series(1, $1::int) AS c, generate_series(1, 2) AS k`,
          [BENCH_CUSTOMERS],
        );
        owners = BENCH_CUSTOMERS;
      }
      const [{ have }] = await exec('SELECT count(*)::int AS have FROM installations');
      await exec(
        `INSERT INTO installations (id, electrician_id, customer_id, status, phase, installation_date, started_at, completed_at, created_at)
         SELECT md5('bench-installation-' || j)::uuid::text, ${eid(`1 + (1 + j % ${BENCH_CUSTOMERS}) % ${BENCH_ELECTRICIANS}`)},
                ${cid(`1 + j % ${BENCH_CUSTOMERS}`)},
                (ARRAY['pending', 'in_progress', 'completed'])[1 + j % 3],
                (ARRAY['pre_installation', 'in_progress', 'completed'])[1 + j % 3],
                (current_date - (j % 365))::date,
                CASE WHEN j % 3 > 0 THEN now() - make_interval(secs => j) END,
                CASE WHEN j % 3 = 2 THEN now() - make_interval(secs => j) + interval '2 hours' END,
                now() - make_interval(secs => $2::int - j)
         FROM generate_series($1::int + 1, $2::int) AS j`,
        [have, targetInstallations],
      );
      await exec(
        `INSERT INTO installation_devices (installation_id, device_id, status)
         SELECT md5('bench-installation-' || j)::uuid::text,
                md5('bench-customer-device-' || (1 + j % ${BENCH_CUSTOMERS}) || '-' || k)::uuid::text,
                CASE WHEN j % 3 = 2 OR k = 1 THEN 'configured' ELSE 'pending' END
         FROM generate_series($1::int + 1, $2::int) AS j, generate_series(1, 2) AS k`,
        [have, targetInstallations],
      );
      await exec('VACUUM ANALYZE');
      await exec('CHECKPOINT');
      const [counts] = await exec(
        'SELECT (SELECT count(*) FROM installations)::int AS devices, (SELECT count(*) FROM users)::int AS owners',
      );
      return { ...counts, ms: Date.now() - started };
    },

    /** Electrician mode: real sessions and JWTs for `count` electricians spread over all of them. */
    async electricianTokens({ count }) {
      const tokens = [];
      const sessionIds = [];
      const step = Math.max(1, Math.floor(BENCH_ELECTRICIANS / count));
      for (let i = 1; i <= BENCH_ELECTRICIANS && tokens.length < count; i += step) {
        const [user] = await exec(
          `SELECT id, role FROM users WHERE id = md5('bench-electrician-' || $1::int)::uuid::text`,
          [i],
        );
        const session = await app.sessions.create(user.id, { userAgent: 'bench-api', ip: '127.0.0.1' });
        tokens.push(await app.tokens.sign({ sub: user.id, sid: session.id, role: user.role }));
        sessionIds.push(session.id);
      }
      await exec(
        `UPDATE sessions SET last_seen_at = now() - random() * interval '59 seconds' WHERE user_agent = 'bench-api'`,
      );
      return { tokens, sessionIds };
    },

    /** Electrician mode: EXPLAIN ANALYZE of the electrician service's SQL for one electrician. */
    async explainElectrician() {
      const { captured, logged } = capturing();
      const now = () => new Date();
      const [electrician] = await exec(`SELECT md5('bench-electrician-' || 1)::uuid::text AS id`);
      const scope = { kind: 'electrician', userId: electrician.id };
      const session = await app.sessions.create(electrician.id, { userAgent: 'bench-api explain', ip: null });
      const service = new ElectricianService(
        logged,
        new AuditLog(logged, now),
        new SecretBox('bench', 'wifi-password'),
        7,
        now,
      );
      const steps = [
        [ELECTRICIAN_ENDPOINTS[0], () => service.dashboard(scope, session.id)],
        [
          ELECTRICIAN_ENDPOINTS[1],
          () => service.installations(scope, { page: 1, page_size: 20 }, session.id),
        ],
      ];
      return { plans: await explainSteps(steps, captured, true) };
    },

    /** Admin mode: `count` admins, each with a real session and JWT (no second factor: not required here). */
    async adminTokens({ count }) {
      const tokens = [];
      const sessionIds = [];
      for (let i = 1; i <= count; i += 1) {
        const [user] = await exec(
          `INSERT INTO users (id, name, email, username, password_hash, role, created_at, updated_at)
           VALUES (md5('bench-admin-' || $1::int)::uuid::text, 'Bench Admin ' || $1::int, 'admin' || $1::int || '@bench.isaac',
                   'bench-admin-' || $1::int, '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 3, now() - interval '400 days', now())
           ON CONFLICT (id) DO UPDATE SET updated_at = now()
           RETURNING id, role`,
          [i],
        );
        const session = await app.sessions.create(user.id, { userAgent: 'bench-api', ip: '127.0.0.1' });
        tokens.push(await app.tokens.sign({ sub: user.id, sid: session.id, role: user.role }));
        sessionIds.push(session.id);
      }
      await exec(
        `UPDATE sessions SET last_seen_at = now() - random() * interval '59 seconds' WHERE user_agent = 'bench-api'`,
      );
      return { tokens, sessionIds };
    },

    /** Admin mode: EXPLAIN ANALYZE of the SQL the admin services send for each measured endpoint. */
    async explainAdmin() {
      const { captured, logged } = capturing();
      const now = () => new Date();
      const audit = new AuditLog(logged, now);
      const counts = new RowCounts(logged);
      const [admin] = await exec(`SELECT id FROM users WHERE id = md5('bench-admin-' || 1)::uuid::text`);
      const session = await app.sessions.create(admin.id, { userAgent: 'bench-api explain', ip: null });
      const steps = [
        [
          ADMIN_ENDPOINTS[0],
          () =>
            new AdminUserService(logged, app.sessions, audit, counts, now).list({
              page: 1,
              page_size: 20,
              search: ADMIN_SEARCH,
            }),
        ],
        [
          ADMIN_ENDPOINTS[1],
          () =>
            new AdminDeviceService(logged, audit, counts, now).list(
              { page: 1, page_size: 20, status: 'online' },
              session.id,
            ),
        ],
        [
          ADMIN_ENDPOINTS[2],
          () => new AdminDashboardService(logged, new RequestOutcomes(now), now, 30).dashboard(),
        ],
        [ADMIN_ENDPOINTS[3], () => audit.list({ limit: 20 })],
      ];
      return { plans: await explainSteps(steps, captured, true) };
    },

    /** Real sessions + JWTs for `count` owners spread over the first `ownersInSample` owners. */
    async tokens({ count, ownersInSample }) {
      const step = Math.max(1, Math.floor(ownersInSample / count));
      const tokens = [];
      const sessionIds = [];
      for (let i = 1; i <= ownersInSample && tokens.length < count; i += step) {
        const [user] = await exec(
          `SELECT id, role FROM users WHERE id = md5('bench-user-' || $1::int)::uuid::text`,
          [i],
        );
        const session = await app.sessions.create(user.id, { userAgent: 'bench-api', ip: '127.0.0.1' });
        tokens.push(await app.tokens.sign({ sub: user.id, sid: session.id, role: user.role }));
        sessionIds.push(session.id);
      }
      // Sessions minted together would all reach the auth hook's once-a-minute last_seen_at write at the
      // same moment (a burst of UPDATEs no real traffic has): spread their last activity over the minute.
      await exec(
        `UPDATE sessions SET last_seen_at = now() - random() * interval '59 seconds' WHERE user_agent = 'bench-api'`,
      );
      return { tokens, sessionIds };
    },

    /** EXPLAIN ANALYZE of the SQL the owner services send, captured through a Drizzle logger. */
    async explain() {
      const { captured, logged } = capturing();
      const [owner] = await exec(`SELECT md5('bench-user-' || 1)::uuid::text AS id`);
      const [room] = await exec(`SELECT md5('bench-room-1-1')::uuid::text AS id`);
      const now = () => new Date();
      // The owner's scope (policy layer, ADR 019), as the auth hook builds it for a signed-in owner.
      const scope = { kind: 'owner', userId: owner.id };
      // The owner reads carry the caller's session in their statement (ADR 041).
      const session = await app.sessions.create(owner.id, { userAgent: 'bench-api explain', ip: null });
      // The list reads only: the activity log is never written here.
      const audit = new AuditLog(logged, now);
      const devicesService = new DeviceService(
        logged,
        new DeviceCommandService(logged, audit, now),
        audit,
        now,
      );
      const steps = [
        ['GET /api/dashboard', () => new OwnerDashboardService(logged).statistics(scope, session.id)],
        ['GET /api/devices', () => devicesService.list(scope, { page: 1, page_size: 20 }, session.id)],
        [
          'GET /api/devices?room_id=',
          () => devicesService.list(scope, { page: 1, page_size: 20, room_id: room.id }, session.id),
        ],
        [
          'GET /api/devices?room_id=none',
          () => devicesService.list(scope, { page: 1, page_size: 20, room_id: 'none' }, session.id),
        ],
        [
          'GET /api/rooms',
          () => new RoomService(logged, audit, now).list(scope, { page: 1, page_size: 20 }, session.id),
        ],
      ];
      return { plans: await explainSteps(steps, captured, false) };
    },

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

/**
 * `mark`/`measure` of a child: its CPU time and event-loop delay (GC pauses, long tasks) over one row;
 * with BENCH_PROFILE_DIR set, also a CPU profile of exactly that window (inspector), written there as
 * `<label>.cpuprofile` (read it with --profile-summary).
 */
function processMeter() {
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

// ───────────────────────────── child: the floor (PostgreSQL) ─────────────────────────────

/** The floor server, driven over IPC like the API child: Fastify + a node-postgres pool, nothing else. */
async function floorSetup() {
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

// ───────────────────────────── CPU profile summary ─────────────────────────────

/** Where a profiled function lives: its npm package, node: module, or path in the repository. */
function codeOwner(url) {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const local = /\/(apps\/[^/]+\/src\/.*|packages\/[^/]+\/.*|scripts\/.*)$/.exec(url);
  return local ? local[1] : url;
}

/** Self time of a .cpuprofile by package and by function, and inclusive time by package (idle left out). */
function summarizeProfile(file, top) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byPackage = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  let busy = 0;
  const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);
  for (const [id, t] of self) {
    const frame = nodes.get(id).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    busy += t;
    add(byPackage, codeOwner(frame.url), t);
    add(
      byFunction,
      `${frame.functionName || '(anonymous)'} ${codeOwner(frame.url)}:${frame.lineNumber + 1}`,
      t,
    );
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const owner = codeOwner(nodes.get(at).callFrame.url);
      if (!seen.has(owner)) {
        seen.add(owner);
        add(inclusive, owner, t);
      }
    }
  }
  const print = (title, map, n) => {
    console.log(`\n${title}`);
    for (const [key, t] of [...map].sort((x, y) => y[1] - x[1]).slice(0, n))
      console.log(`${((100 * t) / busy).toFixed(1).padStart(6)}%  ${key}`);
  };
  console.log(`${file}: ${(busy / 1e6).toFixed(1)} s of samples outside (idle) and (program)`);
  print('Self time by package', byPackage, 25);
  print('Inclusive time by package (any frame of it on the stack)', inclusive, 25);
  print('Self time by function', byFunction, top);
}

// Dispatch last, so every top-level binding above is initialised.
if (process.argv.includes('--profile-summary')) {
  summarizeProfile(
    option('profile-summary', ''),
    Number(process.argv[process.argv.indexOf('--profile-summary') + 2] ?? 40),
  );
} else if (process.argv.includes('--serve')) {
  await serve(serveSetup);
} else if (process.argv.includes('--floor')) {
  await serve(floorSetup);
} else {
  await main();
}
