// `npm test`: every check, run side by side on the machine's cores, with each step's wall time.
//
//   node scripts/test-all.mjs               every step
//   node scripts/test-all.mjs server e2e    only the steps whose name starts with one of the words
//
// Steps: lint, typecheck, unit tests, the server suite on PGlite and (when TEST_DATABASE_URL is set) on
// PostgreSQL, the build, and the end-to-end suite in shards, each shard against its own server on the one
// build. At most `TEST_JOBS` steps (default: the number of cores) run at once, the longest first, so the two
// server suites and the e2e shards overlap instead of queueing. Each step's output is kept in
// test-results/steps/<step>.log and printed whole when the step ends; a failed step stops the run.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOG_DIR = join(ROOT, 'test-results', 'steps');
// As many steps as cores: a third step on two cores stretched the timing-bound tests (a device rebooting, a
// rollout's stages) past their bounds.
const CORES = availableParallelism();
const JOBS = Math.max(1, Number(process.env.TEST_JOBS) || CORES);
const E2E_SHARDS = Math.max(1, Number(process.env.E2E_SHARDS) || CORES);
// E2E_SHARDS defaults to the number of cores. Shard k (from 0) serves the web on E2E_WEB_PORT + k * E2E_PORT_STEP
// and the API on E2E_API_PORT + k * E2E_PORT_STEP (its embedded MQTT broker 10,000 above the API).
const E2E_PORT_STEP = Number(process.env.E2E_PORT_STEP) || 50;
/**
 * Seconds each e2e spec file took in a CI run with the steps side by side (the sum of its tests' times in the
 * list reporter's lines); `npm test` prints the figures of its own run at the end, to paste here when the
 * suite changes.
 */
const E2E_SECONDS = {
  'admin-assignments.spec.ts': 15,
  'admin-dashboard.spec.ts': 10,
  'admin-firmware.spec.ts': 12,
  'admin-orders-messages.spec.ts': 9,
  'admin-reports.spec.ts': 8,
  'admin-users.spec.ts': 19,
  'auth.spec.ts': 51,
  'automations.spec.ts': 10,
  'brand.spec.ts': 3,
  'devices.spec.ts': 9,
  'electrician.spec.ts': 54,
  'filter-care.spec.ts': 5,
  'hindi.spec.ts': 31,
  'home-settings.spec.ts': 8,
  'households.spec.ts': 17,
  'hydration.spec.ts': 21,
  'offline.spec.ts': 31,
  'order-to-home.spec.ts': 24,
  'owner.spec.ts': 53,
  'rollouts.spec.ts': 7,
  'security.spec.ts': 18,
  'storefront-commerce.spec.ts': 33,
  'storefront-pages.spec.ts': 70,
  'two-factor.spec.ts': 8,
  'voice.spec.ts': 13,
};

/** Whether nothing listens on `port` (a listen on every interface succeeds). */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * The e2e ports: as given (E2E_WEB_PORT, E2E_API_PORT), else 3100 and 4100 — moved up a step at a time while
 * any port a shard needs (web, API, the API's broker 10,000 above it) is taken, so a server left by another
 * run on this machine (a dev server, a killed run) does not fail this one before a test starts.
 */
async function e2ePorts() {
  if (process.env.E2E_WEB_PORT || process.env.E2E_API_PORT) {
    return { web: Number(process.env.E2E_WEB_PORT ?? 3100), api: Number(process.env.E2E_API_PORT ?? 4100) };
  }
  const span = E2E_SHARDS * E2E_PORT_STEP;
  for (let shift = 0; shift < 20 * span; shift += span) {
    const ports = Array.from({ length: E2E_SHARDS }, (_, k) => {
      const api = 4100 + shift + k * E2E_PORT_STEP;
      return [3100 + shift + k * E2E_PORT_STEP, api, api + 10_000];
    }).flat();
    if ((await Promise.all(ports.map(portIsFree))).every(Boolean))
      return { web: 3100 + shift, api: 4100 + shift };
  }
  throw new Error(
    'no free ports for the e2e servers between 3100 and 4100 + 20 steps; set E2E_WEB_PORT and E2E_API_PORT',
  );
}
const { web: WEB_PORT, api: API_PORT } = await e2ePorts();

const env = {
  ...process.env,
  PATH: [join(ROOT, 'node_modules', '.bin'), process.env.PATH].join(delimiter),
  // Steps side by side share the cores: the server suites' deadlines stretch (vitest.config.ts).
  ...(JOBS > 1 && !process.env.TEST_TIMING_SLACK ? { TEST_TIMING_SLACK: '3' } : {}),
};
const { TEST_DATABASE_URL, ...withoutPostgres } = env;

/**
 * The e2e spec files split into `count` shards of about equal time: longest first, each to the shard with the
 * least so far, by the seconds each file took in a measured run (E2E_SECONDS; a file not there yet counts as
 * the median). Playwright's own --shard splits by number of tests, which put most of the slow flows in one.
 */
function e2eShards(count) {
  const files = readdirSync(join(ROOT, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  if (count === 1) return [[]];
  const known = Object.values(E2E_SECONDS).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const seconds = (f) => E2E_SECONDS[f] ?? median;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
    lightest.files.push(`e2e/${file}`);
    lightest.seconds += seconds(file);
  }
  return shards.map((shard) => shard.files.sort());
}

/**
 * name, command, environment, the steps it needs first, and `weight`: roughly its share of the run (only the
 * order of starting depends on it: the heaviest step that can start goes first; the build first of all, as
 * the e2e shards wait for it).
 */
const steps = [
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'], weight: 1 },
  { name: 'typecheck', cmd: ['npm', 'run', '-s', 'typecheck'], weight: 1 },
  {
    name: 'unit',
    cmd: ['vitest', 'run', '--project', 'contract', '--project', 'scripts', '--project', 'web'],
    // Before lint and typecheck: the run's last minutes are one step beside the PGlite run or alone, and the
    // shortest steps last leave a core idle for the least time.
    weight: 2,
  },
  {
    name: 'server (PGlite)',
    cmd: ['vitest', 'run', '--project', 'server'],
    env: withoutPostgres,
    weight: 3,
  },
  TEST_DATABASE_URL
    ? {
        name: 'server (PostgreSQL)',
        // Its tests mostly wait (on the database server, the broker, a device), not compute: three workers.
        cmd: ['vitest', 'run', '--project', 'server', '--maxWorkers', '3'],
        weight: 4,
      }
    : {
        name: 'server (PostgreSQL)',
        skip: 'TEST_DATABASE_URL is not set, so the server suite runs on PGlite only (set it to a PostgreSQL URL to run it there too)',
      },
  // The e2e shards run the built app: one build, reused by every shard.
  { name: 'build', cmd: ['npm', 'run', '-s', 'build'], weight: 100 },
  ...e2eShards(E2E_SHARDS).map((files, k) => ({
    name: E2E_SHARDS === 1 ? 'e2e' : `e2e ${k + 1}/${E2E_SHARDS}`,
    cmd: ['playwright', 'test', ...files],
    env: {
      ...env,
      E2E_WEB_PORT: String(WEB_PORT + k * E2E_PORT_STEP),
      E2E_API_PORT: String(API_PORT + k * E2E_PORT_STEP),
      ...(E2E_SHARDS === 1 ? {} : { E2E_SHARD: `${k + 1}-of-${E2E_SHARDS}` }),
    },
    needs: ['build'],
    weight: 12 / E2E_SHARDS,
  })),
];

const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = filters.length ? steps.filter((s) => filters.some((f) => s.name.startsWith(f))) : steps;
if (selected.length === 0) {
  console.error(`no step starts with ${filters.join(' or ')}; steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
// A dependency left out by the filter is not waited for (e.g. `e2e` alone reuses the last build).
const names = new Set(selected.map((s) => s.name));
for (const s of selected) s.needs = (s.needs ?? []).filter((n) => names.has(n));

const fmt = (ms) => {
  const s = ms / 1000;
  if (s < 59.95) return `${s.toFixed(1)}s`;
  const whole = Math.round(s);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
};
const clock = () => fmt(performance.now() - started);

// The Node check first (it explains a too-old Node better than the failures that would follow).
const version = spawn('node', [join(ROOT, 'scripts', 'node-version.mjs')], { stdio: 'inherit', env });
const versionStatus = await new Promise((resolve) => version.on('close', resolve));
if (versionStatus !== 0) process.exit(versionStatus ?? 1);

mkdirSync(LOG_DIR, { recursive: true });
const started = performance.now();
const results = new Map(); // name -> { status: 'passed' | 'failed' | 'skipped' | 'stopped', ms }
const running = new Map(); // name -> { child, since }
let failed = false;

console.log(
  `test: ${selected.length} steps, up to ${JOBS} at once (TEST_JOBS), e2e in ${E2E_SHARDS} shard(s) (E2E_SHARDS) on web ${WEB_PORT}, API ${API_PORT} and up`,
);
for (const s of selected.filter((s) => s.skip)) {
  console.log(`test: ${s.name}: skipped: ${s.skip}`);
  results.set(s.name, { status: 'skipped', ms: 0 });
}

const logFileOf = (step) => join(LOG_DIR, `${step.name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.log`);

function runStep(step) {
  const since = performance.now();
  const logFile = logFileOf(step);
  const log = createWriteStream(logFile);
  const [command, ...args] = step.cmd;
  // Its own process group, so that a stop ends everything it started (Playwright's web server included).
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...(step.env ?? env), FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  running.set(step.name, { child, since });
  console.log(`test: ▶ ${step.name} (at ${clock()})`);
  return new Promise((resolve) => {
    child.on('error', (error) => log.write(`\n${error.stack}\n`));
    child.on('close', (code, signal) => {
      running.delete(step.name);
      const ms = performance.now() - since;
      log.end(() => {
        const status = code === 0 ? 'passed' : stopping ? 'stopped' : 'failed';
        results.set(step.name, { status, ms });
        if (status !== 'stopped') {
          console.log(`\n──── ${step.name}: ${status} in ${fmt(ms)} ────`);
          process.stdout.write(readFileSync(logFile, 'utf8'));
          console.log(`──── end of ${step.name} (${status}, ${fmt(ms)}; log: ${logFile}) ────\n`);
        }
        if (status === 'failed' && signal == null) failed = true;
        if (status === 'failed') stopAll();
        resolve();
      });
    });
  });
}

let stopping = false;
/** Signals a step's process group; false when it is already gone. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false;
  }
}

// SIGINT first: Playwright then closes the web server it started (in a process group of its own, which a
// signal to the step's group never reaches) instead of leaving it on the e2e ports for the next run; what
// is still there after the grace period is killed.
const STOP_GRACE_MS = 15_000;
function stopAll() {
  if (stopping) return;
  stopping = true;
  const children = [...running].map(([name, { child }]) => {
    console.log(`test: stopping ${name}`);
    signalGroup(child, 'SIGINT');
    return child;
  });
  setTimeout(() => {
    for (const child of children) if (child.exitCode === null) signalGroup(child, 'SIGKILL');
  }, STOP_GRACE_MS).unref();
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    failed = true;
    stopAll();
  });

// A line a minute while steps run, so a long run shows where it is.
const heartbeat = setInterval(() => {
  const now = performance.now();
  const list = [...running].map(([name, { since }]) => `${name} ${fmt(now - since)}`).join(', ');
  if (list) console.log(`test: … ${clock()}: running ${list}`);
}, 60_000);

const pending = selected.filter((s) => !s.skip).sort((a, b) => b.weight - a.weight);
await new Promise((resolveAll) => {
  const tick = () => {
    if (stopping) {
      for (const s of pending.splice(0)) results.set(s.name, { status: 'not run', ms: 0 });
    }
    while (!stopping && running.size < JOBS) {
      const index = pending.findIndex((s) => s.needs.every((n) => results.get(n)?.status === 'passed'));
      if (index === -1) break;
      const [step] = pending.splice(index, 1);
      runStep(step).then(tick);
    }
    if (running.size === 0 && (pending.length === 0 || stopping)) {
      for (const s of pending.splice(0)) results.set(s.name, { status: 'not run', ms: 0 });
      resolveAll();
    }
  };
  tick();
});
clearInterval(heartbeat);

// Each e2e spec file's time in this run, for E2E_SECONDS above.
const e2eLogs = selected.filter(
  (st) => st.name.startsWith('e2e') && results.get(st.name)?.status === 'passed',
);
if (e2eLogs.length === E2E_SHARDS) {
  const perFile = {};
  for (const st of e2eLogs) {
    const text = stripVTControlCharacters(readFileSync(logFileOf(st), 'utf8'));
    for (const [, file, amount, unit] of text.matchAll(
      /^\s+[✓✘]\s+\d+ e2e\/(\S+?\.spec\.ts)\S*.*\(([\d.]+)(ms|s|m)\)\s*$/gm,
    )) {
      const seconds = Number(amount) * (unit === 'm' ? 60 : unit === 'ms' ? 0.001 : 1);
      perFile[file] = (perFile[file] ?? 0) + seconds;
    }
  }
  const rounded = Object.fromEntries(
    Object.entries(perFile)
      .sort()
      .map(([f, sec]) => [f, Math.round(sec)]),
  );
  console.log(
    `\ntest: e2e seconds per spec file in this run (E2E_SECONDS in scripts/test-all.mjs): ${JSON.stringify(rounded)}`,
  );
}

const total = performance.now() - started;
const width = Math.max(...selected.map((s) => s.name.length));
console.log('\ntest: step times (wall clock; steps overlap, so they add up to more than the total)');
for (const s of selected) {
  const r = results.get(s.name) ?? { status: 'not run', ms: 0 };
  console.log(`  ${s.name.padEnd(width)}  ${r.ms ? fmt(r.ms).padStart(7) : '      -'}  ${r.status}`);
}
console.log(`  ${'total'.padEnd(width)}  ${fmt(total).padStart(7)}  ${failed ? 'FAILED' : 'passed'}`);
process.exit(failed ? 1 : 0);
