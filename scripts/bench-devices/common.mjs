// Shared by the parts of `npm run bench:devices` (scripts/bench-devices.mjs): paths, options, timing helpers.
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The bench's entry: the load generator, and with `--serve` the API process it forks. */
export const ENTRY = join(ROOT, 'scripts/bench-devices.mjs');
export const BENCH_FILE = join(ROOT, 'docs/benchmarks.md');
export const SECTION = '## Device plane (bench:devices)';
export const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
export const log = (m) => console.log(`[bench:devices] ${m}`);
export const quantile = (values, q) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const secretOf = (i) => `bench-device-secret-${i}`;

export const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

/** Runs `fn` `rate` times a second for `seconds`; returns the latencies (ms) and the failures. */
export async function atRate(rate, seconds, fn) {
  const latencies = [];
  let errors = 0;
  const inflight = [];
  const total = rate * seconds;
  const start = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(
      fn(i).then(
        () => latencies.push(Math.max(0, performance.now() - due)),
        () => (errors += 1),
      ),
    );
  }
  await Promise.all(inflight);
  return { latencies, errors };
}

/**
 * Every reporter sends its readings back to back; returns what was stored (counted by `stored`, over every
 * process) and the rate. A second after the count reached what was sent it is read again: late duplicates
 * would show there.
 */
export async function saturate(stored, reporters) {
  const per = Math.max(5, Math.ceil(50_000 / reporters.length));
  const base = await stored();
  const t0 = performance.now();
  await Promise.all(
    reporters.map(async (d) => {
      for (let k = 0; k < per; k += 1) await d.sendTelemetry(1);
    }),
  );
  const expected = per * reporters.length;
  let count = 0;
  for (let i = 0; i < 600; i += 1) {
    count = (await stored()) - base;
    if (count >= expected) break;
    await sleep(100);
  }
  const seconds = (performance.now() - t0) / 1000;
  await sleep(1000);
  const finalStored = (await stored()) - base;
  return { sent: expected, stored: finalStored, seconds, rate: count / seconds };
}

/**
 * Drops and creates the bench's database (BENCH_DB_NAME, default isaac_bench_devices) on BENCH_PG_URL's server;
 * returns its URL.
 */
export async function freshDatabase() {
  const pg = (await import('pg')).default;
  const benchDb = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DB_NAME ?? '')
    ? process.env.BENCH_DB_NAME
    : 'isaac_bench_devices';
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${benchDb}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${benchDb}`;
  return url.toString();
}
