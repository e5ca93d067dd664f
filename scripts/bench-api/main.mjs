// The parent of `npm run bench:api`: for each database, starts the API child (and the floor), seeds each
// size, samples callers, drives every row (rounds of floor + endpoints) and writes the report
// (scripts/bench-api.mjs, header comment).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { load, machineCpu, startChild } from './load.mjs';
import { medianRuns, MODES, report, verdicts, writeSection } from './report.mjs';
import { BENCH_DB, BENCH_FILE, FLOOR, log, option, pct, SECTION } from './shared.mjs';

export async function main() {
  const { default: autocannon } = await import('autocannon');
  const pg = (await import('pg')).default;
  const saturate = process.argv.includes('--saturate');
  // The area (--admin, --electrician, --voice, else the owner's) picks the dataset, callers and endpoints;
  // the mode (saturation, else the area's fixed rate) the report and its targets.
  const areaName = ['admin', 'electrician', 'voice'].find((name) => process.argv.includes(`--${name}`));
  const area = MODES[areaName ?? (saturate ? 'saturate' : 'rate')];
  const mode = saturate ? MODES.saturate : area;
  const rate = saturate ? 0 : Number(option('rate', area.defaultRate));
  const duration = Number(option('duration', '10'));
  const connections = Number(option('connections', '20'));
  const sizes = option('sizes', area.defaultSizes).split(',').map(Number);
  const only = option('only', area.only);
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
      await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${BENCH_DB}`);
      pgVersion = (await admin.query('SHOW server_version')).rows[0].server_version;
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${BENCH_DB}`;
      env = { BENCH_DATABASE_URL: url.toString() };
      cleanup = async () => {
        if (process.argv.includes('--keep')) return;
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
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
        const seeded = await child.call(area.seed, { devices: size });
        seeding.push({ driver, ...seeded });
        log(
          `seeded ${driver} to ${seeded.devices} devices, ${seeded.owners} owners, ${seeded.rooms ?? 0} rooms, ${seeded.audit ?? 0} activity entries in ${seeded.ms} ms`,
        );
        sample ??= await area.sample(child, sizes);
        if (!saturate) {
          const explained = await child.call(area.explain, { sample });
          plans.push({ driver, size, plans: explained.plans });
        }

        const endpoints = area.endpoints(ready.apiPort);
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
    ...(areaName ? [`--${areaName}`] : []),
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
    writeSection(mode.subsection, section);
    log(`wrote '${mode.subsection}' in the '${SECTION}' section of ${BENCH_FILE}`);
  }
  for (const line of verdicts({ mode, runs: medianRuns(runs), rate }).filter((l) => l.includes('MISSED')))
    log(`target missed: ${line.replace(/^- /, '')}`);
}
