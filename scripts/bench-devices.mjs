// `npm run bench:devices`: the device plane under load (issue 13), on PostgreSQL.
//
// A child process (this file with `--serve`, under tsx) migrates a fresh database, builds the real API with
// the device plane (embedded aedes broker on a free port) and provisions N ISAAC / SKYWALKER / Lumos devices
// for one owner with credentials. The parent is the load generator: it connects N simulated devices (the
// real protocol, apps/server/src/simulator/device.ts), then measures, one after the other:
// - the floor: a bare aedes broker in this process, a ping → pong round trip at 100 msg/s (no auth, no API);
// - command round trips at 100/s: HTTP toggle → MQTT command → device ack → HTTP answer (p50/p99, errors);
// - ingest at every device reporting every 10 s for the duration, then at saturation (each device sends its
//   readings back to back): readings stored (counted in SQL: zero loss) and messages stored per second;
// - the API process's CPU and RSS.
// Options: --sizes 1000,10000 (devices), --duration 10 (s per row), --brokers embedded,mosquitto (the embedded
// aedes broker, and/or Mosquitto as the external broker: BENCH_MQTT_URL, else a private one with set_tcp_nodelay true,
// else the machine's at 1883; the
// broker: then the floor is a round trip through Mosquitto). Env: BENCH_PG_URL. Writes the
// '## Device plane (bench:devices)' section of docs/benchmarks.md (--no-write: print only). BENCH_PROFILE_DIR: a CPU
// profile of the API process while the commands are measured. --processes 1,2 (issue 28): each external-broker
// row once per count of API processes on the same database and broker, in one shared-subscription group (the
// commands alternate between the processes; readings are counted in SQL, so a duplicate shows as stored > sent).
import { fork, spawn } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
const SELF = fileURLToPath(import.meta.url);
const BENCH_FILE = join(ROOT, 'docs/benchmarks.md');
const SECTION = '## Device plane (bench:devices)';
const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const log = (m) => console.log(`[bench:devices] ${m}`);
const quantile = (values, q) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const secretOf = (i) => `bench-device-secret-${i}`;

// ───────────────────────────── child: the API ─────────────────────────────
async function serve() {
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createDatabase } = await import('../apps/server/src/db/client.ts');
  const { migrateDatabase } = await import('../apps/server/src/db/migrate.ts');
  const port = Number(process.env.BENCH_API_PORT);
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    DEVICE_TRANSPORT: 'mqtt',
    MQTT_PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PUBLIC_API_URL: `http://127.0.0.1:${port}`,
    DEVICE_ACK_TIMEOUT_MS: '5000',
    // Capacity rows: every simulated device connects from 127.0.0.1 and sends back to back, so the broker's
    // per-address and per-device limits are lifted; the untrusted-device rows set them back (`limits`).
    MQTT_MAX_CONNECTIONS_PER_ADDRESS: '1000000',
    MQTT_CONNECT_RATE_PER_ADDRESS: '1000000',
    MQTT_CONNECT_BURST_PER_ADDRESS: '1000000',
    MQTT_PUBLISH_RATE: '100000',
    MQTT_PUBLISH_BURST: '100000',
    ...(process.env.BENCH_MQTT_URL ? { MQTT_URL: process.env.BENCH_MQTT_URL } : {}),
  });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: 10,
  });
  await migrateDatabase(database);
  const app = await buildApp({ config, db: database.db });
  await app.listen({ port, host: '127.0.0.1' });
  const exec = async (q, p = []) => (await database.db.$client.query(q, p)).rows;
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  // Where a command's time goes: the API's own time per toggle request (from the request's arrival to the
  // response's end, as Node's HTTP diagnostics channels see them) and the API's event-loop delay.
  const started = new WeakMap();
  let serverTimes = null;
  diagnostics.subscribe('http.server.request.start', ({ request }) => {
    if (serverTimes && request.url.endsWith('/toggle')) started.set(request, performance.now());
  });
  diagnostics.subscribe('http.server.response.finish', ({ request }) => {
    const at = started.get(request);
    if (serverTimes && at !== undefined) serverTimes.push(performance.now() - at);
  });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // The device's part of it: from the command's publish to its acknowledgement (the transport's deliver).
  let deliverTimes = null;
  const transport = app.services.deviceCommands['transport'];
  if (transport?.deliver) {
    const deliver = transport.deliver.bind(transport);
    transport.deliver = async (...args) => {
      const at = performance.now();
      try {
        return await deliver(...args);
      } finally {
        deliverTimes?.push(performance.now() - at);
      }
    };
  }
  // BENCH_PROFILE_DIR: a CPU profile of the API during the measured commands.
  let profiler = null;
  const handlers = {
    async measureCommands({ on }) {
      if (on) {
        serverTimes = [];
        deliverTimes = [];
        loop.reset();
        if (process.env.BENCH_PROFILE_DIR) {
          profiler ??= new (await import('node:inspector/promises')).Session();
          profiler.connect();
          await profiler.post('Profiler.enable');
          await profiler.post('Profiler.start');
        }
        return true;
      }
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        const file = join(process.env.BENCH_PROFILE_DIR, `commands-${Date.now()}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        profiler.disconnect();
        profiler = null;
      }
      const times = serverTimes ?? [];
      const delivered = deliverTimes ?? [];
      serverTimes = null;
      deliverTimes = null;
      return {
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        deliverP50: quantile(delivered, 0.5),
        deliverP99: quantile(delivered, 0.99),
        loopP99: loop.percentile(99) / 1e6,
        loopMax: loop.max / 1e6,
      };
    },
    async provision({ count }) {
      const [owner] = await exec(
        `INSERT INTO users (name, email, username, password_hash, role) VALUES ('Bench Owner', 'bench-owner@bench.isaac',
         'bench-owner', '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 2) RETURNING id, role`,
      );
      const rows = await exec(
        `INSERT INTO devices (id, name, model, serial_number, type, user_id, gang_count, gang_states, fan_speed, firmware_version)
         SELECT md5('bench-dev-' || i)::uuid::text, 'Device ' || i, 'Bench', 'BENCH-' || i,
                (ARRAY['isaac','skywalker','lumos','isaac'])[1 + i % 4], $1,
                CASE WHEN i % 4 = 2 THEN 2 ELSE 0 END,
                CASE WHEN i % 4 = 2 THEN '[false,false]'::jsonb ELSE '[]'::jsonb END,
                CASE WHEN i % 4 IN (0, 3) THEN 'medium' END, '1.0.0'
         FROM generate_series(0, $2::int - 1) AS i RETURNING id, type`,
        [owner.id, count],
      );
      const ids = rows.map((r) => r.id);
      const hashes = ids.map((_, i) => createHash('sha256').update(secretOf(i)).digest('hex'));
      await exec(
        `INSERT INTO device_credentials (device_id, secret_hash) SELECT * FROM unnest($1::text[], $2::text[])`,
        [ids, hashes],
      );
      const session = await app.sessions.create(owner.id, { userAgent: 'bench-devices', ip: '127.0.0.1' });
      const token = await app.tokens.sign({ sub: owner.id, sid: session.id, role: owner.role });
      const csrf = await app.inject({ method: 'GET', url: '/auth/csrf-token' });
      const cookie = csrf.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      return {
        devices: rows.map((r, i) => ({ id: r.id, type: r.type, secret: secretOf(i) })),
        mqttUrl: app.services.devicePlane.bus.url.replace('localhost', '127.0.0.1'),
        token,
        csrf: csrf.json().csrf_token,
        cookie,
      };
    },
    /** Issue 27: the edge checks off (`on`: every payload trusted, as before they existed) or back on. */
    async trust({ on }) {
      const plane = app.services.devicePlane;
      const { readDeviceMessage } = await import('../apps/server/src/device-plane/messages.ts');
      plane.readMessage = on
        ? (kind, payload, at) => {
            const text = payload.toString('utf8');
            if (kind === 'status') return { ok: true, message: text };
            const message = JSON.parse(text);
            if (kind === 'telemetry') message.at = message.at ? new Date(message.at) : at;
            return { ok: true, message };
          }
        : readDeviceMessage;
      return true;
    },
    /** The embedded broker's limits, live (its buckets read them at every publish). */
    async limits(values) {
      const bus = app.services.devicePlane.bus;
      if (bus.kind !== 'embedded') return false;
      Object.assign(bus.options.limits, values);
      bus.buckets.clear();
      bus.connects.clear();
      return true;
    },
    /** Readings stored, except those of one device. */
    async storedExcept({ deviceId }) {
      await app.services.devicePlane.ingest.flush();
      return (
        await exec('SELECT count(*)::int AS n FROM device_readings WHERE device_id <> $1', [deviceId])
      )[0].n;
    },
    async flush() {
      await app.services.devicePlane.ingest.flush();
      return true;
    },
    async connected() {
      return (await exec('SELECT count(*)::int AS n FROM devices WHERE is_connected'))[0].n;
    },
    async stored() {
      await app.services.devicePlane.ingest.flush();
      return (await exec('SELECT count(*)::int AS n FROM device_readings'))[0].n;
    },
    /** Stores a 1 MB ISAAC image and starts a rollout of it to `count` ISAAC devices, 100 at a time. */
    async startRollout({ count }) {
      const { Readable } = await import('node:stream');
      const bytes = Buffer.alloc(1024 * 1024, 0x5a);
      bytes[0] = 0xe9;
      const staged = await app.services.firmwareStore.stage(Readable.from([bytes]), {
        maxBytes: 4 * 1024 * 1024,
        headBytes: 16,
        inspect: () => undefined,
      });
      await staged.commit();
      const [image] = await exec(
        `INSERT INTO firmware (device_type, version, filename, file_size, sha256, storage_key)
         VALUES ('isaac', '2.0.0', 'isaac-v2.0.0.bin', $1, $2, $3) RETURNING id`,
        [bytes.length, staged.sha256, staged.key],
      );
      const ids = (
        await exec(`SELECT id FROM devices WHERE type = 'isaac' ORDER BY id LIMIT $1`, [count])
      ).map((r) => r.id);
      const started = await app.services.rollouts.create(
        {
          firmware_id: image.id,
          device_ids: ids,
          stages: [100],
          max_concurrent: 100,
          stage_pause_seconds: 0,
          failure_threshold_percent: 100,
          window_hours: 1,
        },
        { actor: null, channel: 'system', ip: null, userAgent: null, requestId: null },
      );
      return { id: started.rollout._id, devices: ids.length };
    },
    async rolloutStatus({ id }) {
      const { rollout } = await app.services.rollouts.detail(id, false);
      return { status: rollout.status, counts: rollout.counts };
    },
    async usage() {
      const cpu = process.cpuUsage(cpu0);
      return {
        rss: process.memoryUsage().rss,
        cpuPercent: Math.round(((cpu.user + cpu.system) / 1000 / (Date.now() - t0)) * 100),
      };
    },
    async stop() {
      await app.close();
      await database.close();
      setTimeout(() => process.exit(0), 50);
      return true;
    },
  };
  process.on('message', async ({ id, cmd, args }) => {
    try {
      process.send({ id, result: await handlers[cmd](args ?? {}) });
    } catch (error) {
      process.send({ id, error: String(error?.stack ?? error) });
    }
  });
  process.send({ ready: true });
}

function startChild(env) {
  const child = fork(SELF, ['--serve'], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
  });
  let seq = 0;
  const pending = new Map();
  let ready;
  const readyPromise = new Promise((r) => (ready = r));
  child.on('message', (m) => {
    if (m.ready) return ready();
    const w = pending.get(m.id);
    if (!w) return;
    pending.delete(m.id);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m.result);
  });
  return {
    ready: readyPromise,
    call: (cmd, args) =>
      new Promise((res, rej) => {
        const id = ++seq;
        pending.set(id, { resolve: res, reject: rej });
        child.send({ id, cmd, args });
      }),
    exited: new Promise((r) => child.once('exit', r)),
  };
}

const freePort = () =>
  new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });

/**
 * A private Mosquitto for the external-broker rows (when BENCH_MQTT_URL is not given and the machine has
 * `mosquitto`): on a free port, no persistence, and `set_tcp_nodelay true` — what a deployment that cares
 * about latency sets (Mosquitto's default, false, lets small packets wait for delayed ACKs). Returns its URL
 * and a stop function, or null without the binary.
 */
async function startMosquitto() {
  const binary = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto', '/usr/local/sbin/mosquitto'].find(existsSync);
  if (!binary) return null;
  const port = await freePort();
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-mosquitto-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      'set_tcp_nodelay true',
      'max_queued_messages 10000',
      '',
    ].join('\n'),
  );
  const proc = spawn(binary, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const url = `mqtt://127.0.0.1:${port}`;
  // Ready when it accepts a TCP connection.
  for (let i = 0; ; i += 1) {
    const ok = await new Promise((res) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => (socket.end(), res(true)));
      socket.on('error', () => res(false));
    });
    if (ok) break;
    if (i > 50 || proc.exitCode !== null) throw new Error(`mosquitto did not start: ${stderr}`);
    await sleep(100);
  }
  return {
    url,
    stop: () => {
      proc.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` `rate` times a second for `seconds`; returns the latencies (ms) and the failures. */
async function atRate(rate, seconds, fn) {
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

/** The broker's own round trip (two plain clients, QoS 1): a bare aedes here, or the external broker at `external`. */
async function floor(seconds, external) {
  const { Aedes } = await import('aedes');
  const { default: mqtt } = await import('mqtt');
  const broker = external ? null : await Aedes.createBroker();
  // As the embedded broker: no Nagle delay on its connections.
  const server = broker
    ? createServer((socket) => {
        socket.setNoDelay(true);
        broker.handle(socket);
      })
    : null;
  if (server) await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = server ? `mqtt://127.0.0.1:${server.address().port}` : external;
  const echo = await mqtt.connectAsync(url);
  const pinger = await mqtt.connectAsync(url);
  await echo.subscribeAsync('ping/+');
  echo.on('message', (topic, payload) => echo.publish(topic.replace('ping', 'pong'), payload, { qos: 1 }));
  await pinger.subscribeAsync('pong/+');
  const waiting = new Map();
  pinger.on('message', (topic) => waiting.get(topic.split('/')[1])?.());
  const result = await atRate(100, seconds, (i) => {
    const done = new Promise((r) => waiting.set(String(i), r));
    pinger.publish(`ping/${i}`, 'x', { qos: 1 });
    return done;
  });
  await echo.endAsync();
  await pinger.endAsync();
  if (broker) await new Promise((r) => broker.close(r));
  server?.close();
  return result;
}

async function main() {
  const pg = (await import('pg')).default;
  const { SimulatedDevice } = await import('../apps/server/src/simulator/device.ts');
  const sizes = option('sizes', '1000,10000').split(',').map(Number);
  const duration = Number(option('duration', '10'));
  const brokers = option('brokers', 'embedded').split(',');
  const processCounts = option('processes', '1').split(',').map(Number);
  // BENCH_DB_NAME: the database the bench creates and drops (default isaac_bench_devices).
  const benchDb = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DB_NAME ?? '')
    ? process.env.BENCH_DB_NAME
    : 'isaac_bench_devices';
  // The external broker: BENCH_MQTT_URL if given, else a private Mosquitto (set_tcp_nodelay true), else the
  // machine's at 1883 (its own settings).
  const privateMosquitto =
    brokers.includes('mosquitto') && !process.env.BENCH_MQTT_URL ? await startMosquitto() : null;
  const mosquittoUrl = process.env.BENCH_MQTT_URL ?? privateMosquitto?.url ?? 'mqtt://127.0.0.1:1883';
  const mosquittoKind = privateMosquitto ? 'private, set_tcp_nodelay true' : 'external';
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rows = [];
  for (const broker of brokers)
    for (const size of sizes)
      for (const processes of processCounts) {
        const external = broker === 'mosquitto' ? mosquittoUrl : undefined;
        // The embedded broker is one process by construction (ADR 061).
        if (processes > 1 && !external) continue;
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${benchDb} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${benchDb}`);
        await admin.end();
        const url = new URL(adminUrl);
        url.pathname = `/${benchDb}`;
        const apiPort = await freePort();
        const child = startChild({
          BENCH_DATABASE_URL: url.toString(),
          BENCH_API_PORT: String(apiPort),
          ...(external ? { BENCH_MQTT_URL: external } : {}),
        });
        await child.ready;
        // More API processes on the same database and broker (after the first has migrated it).
        const children = [child];
        const apiPorts = [apiPort];
        for (let k = 1; k < processes; k += 1) {
          const port = await freePort();
          const more = startChild({
            BENCH_DATABASE_URL: url.toString(),
            BENCH_API_PORT: String(port),
            BENCH_MQTT_URL: external,
          });
          await more.ready;
          children.push(more);
          apiPorts.push(port);
        }
        const storedAll = async () => {
          for (const c of children.slice(1)) await c.call('flush');
          return child.call('stored');
        };
        const row = {
          size,
          broker,
          processes,
          label:
            (broker === 'mosquitto' ? `Mosquitto (${mosquittoKind})` : 'embedded (aedes)') +
            (processCounts.length > 1 || processes > 1
              ? `, ${processes} API process${processes > 1 ? 'es' : ''}`
              : ''),
        };
        const devices = [];
        try {
          const setup = await child.call('provision', { count: size });
          log(`${size} devices provisioned; connecting to ${setup.mqttUrl}`);
          const started = performance.now();
          for (let i = 0; i < setup.devices.length; i += 200) {
            await Promise.all(
              setup.devices.slice(i, i + 200).map(async (d) => {
                const device = new SimulatedDevice({
                  id: d.id,
                  secret: d.secret,
                  type: d.type,
                  gangCount: d.type === 'lumos' ? 2 : 0,
                  url: setup.mqttUrl,
                  state: {
                    power_on: false,
                    gang_states: d.type === 'lumos' ? [false, false] : [],
                    fan_speed: d.type === 'isaac' ? 'medium' : null,
                  },
                  ackLatencyMs: 0,
                  telemetryEveryMs: 0,
                  keepaliveSeconds: 60,
                  firmwareVersion: '1.0.0',
                });
                await device.start();
                devices.push(device);
              }),
            );
          }
          row.connectSeconds = (performance.now() - started) / 1000;
          // Presence is the devices' status messages as the server stored them: wait until every device is
          // in, or nothing has come in for 10 s (at most 2 minutes).
          let seen = await child.call('connected');
          for (
            let last = performance.now(), t = performance.now();
            seen < size && performance.now() - t < 120_000;
          ) {
            await sleep(250);
            const now = await child.call('connected');
            if (now > seen) last = performance.now();
            seen = now;
            if (performance.now() - last > 10_000) break;
          }
          row.connected = seen;
          row.presenceSeconds = (performance.now() - started) / 1000;
          log(
            `${row.connected} connected: clients up in ${row.connectSeconds.toFixed(1)} s, the server saw them by ${row.presenceSeconds.toFixed(1)} s`,
          );

          const f = await floor(duration, external);
          row.floor = { p50: quantile(f.latencies, 0.5), p99: quantile(f.latencies, 0.99), errors: f.errors };
          log(`floor p50 ${row.floor.p50.toFixed(1)} ms, p99 ${row.floor.p99.toFixed(1)} ms`);

          const purifiers = setup.devices.filter((d) => d.type === 'isaac');
          const headers = {
            authorization: `Bearer ${setup.token}`,
            'x-csrf-token': setup.csrf,
            cookie: setup.cookie,
          };
          let non2xx = 0;
          const toggle = async (i) => {
            const device = purifiers[i % purifiers.length];
            const res = await fetch(
              `http://127.0.0.1:${apiPorts[i % apiPorts.length]}/api/devices/${device.id}/toggle`,
              {
                method: 'POST',
                headers,
              },
            );
            await res.arrayBuffer();
            if (!res.ok) {
              non2xx += 1;
              throw new Error(String(res.status));
            }
          };
          // Warm-up, not measured: the first commands of a fresh API process pay for JIT compilation, the first
          // database connections and query plans (what the first size's p99 showed before).
          await atRate(100, 3, toggle);
          non2xx = 0;
          for (const c of children) await c.call('measureCommands', { on: true });
          const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
          generatorLoop.enable();
          const commands = await atRate(100, duration, toggle);
          generatorLoop.disable();
          // With several processes: the slowest process's figures.
          const servers = [];
          for (const c of children) servers.push(await c.call('measureCommands', { on: false }));
          const server = Object.fromEntries(
            Object.keys(servers[0]).map((k) => [k, Math.max(...servers.map((x) => x[k]))]),
          );
          row.command = {
            p50: quantile(commands.latencies, 0.5),
            p99: quantile(commands.latencies, 0.99),
            max: Math.max(0, ...commands.latencies),
            errors: commands.errors,
            non2xx,
            server,
            generatorLoopMax: generatorLoop.max / 1e6,
          };
          log(
            `command round trip p50 ${row.command.p50.toFixed(1)} ms, p99 ${row.command.p99.toFixed(1)} ms, errors ${row.command.errors}; ` +
              `in the API p50 ${server.p50.toFixed(1)} ms, p99 ${server.p99.toFixed(1)} ms (of which command → acknowledgement p50 ${server.deliverP50.toFixed(1)} ms, p99 ${server.deliverP99.toFixed(1)} ms); event loop delay max: API ${server.loopMax.toFixed(0)} ms, load generator ${row.command.generatorLoopMax.toFixed(0)} ms`,
          );

          const reporters = devices.filter((d) => d.type !== 'lumos');
          // Every device every 10 s, spread evenly, for the duration.
          const before = await storedAll();
          const perSecond = reporters.length / 10;
          const steady = await atRate(Math.max(1, Math.round(perSecond)), duration, (i) =>
            reporters[i % reporters.length].sendTelemetry(10),
          );
          const sentSteady = steady.latencies.length;
          await sleep(1500);
          const storedSteady = (await storedAll()) - before;
          row.steady = { rate: perSecond, sent: sentSteady, stored: storedSteady };
          log(`steady ingest: ${sentSteady} sent, ${storedSteady} stored`);

          // Saturation: each device sends its readings back to back (every message read at the edge).
          row.saturation = await saturate(storedAll, reporters);
          log(
            `saturation: ${row.saturation.sent} sent, ${row.saturation.stored} stored in ${row.saturation.seconds.toFixed(1)} s (${Math.round(row.saturation.rate)}/s)`,
          );
          const usages = [];
          for (const c of children) usages.push(await c.call('usage'));
          row.usage = {
            cpuPercent: usages.reduce((n, u) => n + u.cpuPercent, 0),
            rss: usages.reduce((n, u) => n + u.rss, 0),
          };

          // Issue 27 (embedded broker, one process, the first size): the price of the edge checks, a flooding
          // device, and sockets that never authenticate.
          if (
            broker === 'embedded' &&
            processes === 1 &&
            size === sizes[0] &&
            !process.argv.includes('--no-untrusted')
          ) {
            row.untrusted = await untrustedRows(child, {
              setup,
              reporters,
              toggle,
              duration,
              quiet: row,
              stored: storedAll,
            });
          }

          // A rollout (issue 14) at the largest size: 1,000 devices, a 1 MB image, 100 downloads at once.
          if (size === sizes[sizes.length - 1] && broker === brokers[0] && processes === processCounts[0]) {
            const rollout = await child.call('startRollout', { count: 1000 });
            const t1 = performance.now();
            let status = { status: 'running', counts: {} };
            for (let i = 0; i < 1200 && status.status === 'running'; i += 1) {
              await sleep(500);
              status = await child.call('rolloutStatus', { id: rollout.id });
            }
            const open = ['QUEUED', 'INITIATED', 'DOWNLOADING', 'DOWNLOADED', 'VERIFIED', 'UPDATING'].reduce(
              (n, k) => n + (status.counts[k] ?? 0),
              0,
            );
            row.rollout = {
              devices: rollout.devices,
              seconds: (performance.now() - t1) / 1000,
              status: status.status,
              updated: status.counts.UPDATED ?? 0,
              failed: status.counts.FAILED ?? 0,
              open,
              usage: await child.call('usage'),
            };
            log(
              `rollout: ${row.rollout.updated} updated, ${row.rollout.failed} failed, ${open} open in ${row.rollout.seconds.toFixed(1)} s`,
            );
          }
        } finally {
          await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
          for (const c of children) {
            await c.call('stop').catch(() => undefined);
            await c.exited;
          }
        }
        rows.push(row);
      }
  privateMosquitto?.stop();
  const section = report(rows, sizes, duration, brokers);
  console.log(`\n${section}`);
  if (!process.argv.includes('--no-write')) writeSection(section);
}

/**
 * Every reporter sends its readings back to back; returns what was stored (counted by `stored`, over every
 * process) and the rate. A second after the count reached what was sent it is read again: late duplicates
 * would show there.
 */
async function saturate(stored, reporters) {
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
 * Issue 27's rows, on the embedded broker:
 * - ingest at saturation with every message read at the edge vs. with the checks off (alternated: checked,
 *   unchecked, checked), in the same run;
 * - one device flooding as fast as it can (reconnecting when cut off) with the default limits while the others
 *   report every 10 s and commands run at 100/s: the others' readings all stored, the API's RSS, command p99;
 * - 1,000 sockets that never authenticate, each sending a CONNECT header declaring 256 MB and 64 KB of it,
 *   while commands run at 100/s: the API's RSS growth and command p99.
 */
async function untrustedRows(child, { setup, reporters, toggle, duration, quiet, stored }) {
  const result = {};
  // Alternated (checked, unchecked, checked, unchecked, checked) and compared by their medians: on a shared
  // machine one round can be slowed by anything.
  const checked = [quiet.saturation.rate];
  const unchecked = [];
  for (let round = 0; round < 2; round += 1) {
    await child.call('trust', { on: true });
    unchecked.push((await saturate(stored, reporters)).rate);
    await child.call('trust', { on: false });
    checked.push((await saturate(stored, reporters)).rate);
  }
  const median = (values) => quantile(values, 0.5);
  const checkedRate = median(checked);
  const uncheckedRate = median(unchecked);
  result.validation = {
    checked: checkedRate,
    unchecked: uncheckedRate,
    ratio: checkedRate / uncheckedRate,
    rounds: { checked, unchecked },
  };
  log(
    `edge checks: ${Math.round(checkedRate)}/s checked vs ${Math.round(uncheckedRate)}/s unchecked (${(result.validation.ratio * 100).toFixed(0)}%; rounds ${checked.map(Math.round).join(', ')} vs ${unchecked.map(Math.round).join(', ')})`,
  );

  // The default limits (5 messages/s, burst 50, cut off after 100 dropped within 10 s).
  await child.call('limits', {
    publishPerSecond: 5,
    publishBurst: 50,
    strikesToDisconnect: 100,
    connectsPerSecondPerAddress: 50,
    connectBurstPerAddress: 200,
  });
  // A sensor: commands go to purifiers, so none of them is sent to the device being cut off.
  const flooder = reporters.find((d) => d.type === 'skywalker');
  const others = reporters.filter((d) => d !== flooder);
  const rssBefore = (await child.call('usage')).rss;
  const storedBefore = await child.call('storedExcept', { deviceId: flooder.id });
  let flooding = true;
  let floodSent = 0;
  const topic = `d/${flooder.id}/telemetry`;
  // The flooder is a simulated device itself: its client reconnects when the broker cuts it off.
  const flood = (async () => {
    while (flooding) {
      const client = flooder.client;
      if (!client?.connected) {
        await sleep(50);
        continue;
      }
      for (let k = 0; k < 200; k += 1) client.publish(topic, '{"pm25":42}');
      floodSent += 200;
      await new Promise((r) => setImmediate(r));
    }
  })();
  let othersSent = 0;
  const steady = atRate(Math.max(1, Math.round(others.length / 10)), duration, async (i) => {
    await others[i % others.length].sendTelemetry(10);
    othersSent += 1;
  });
  const commands = await atRate(100, duration, toggle);
  await steady;
  flooding = false;
  await flood;
  await sleep(1500);
  const othersStored = (await child.call('storedExcept', { deviceId: flooder.id })) - storedBefore;
  const usage = await child.call('usage');
  result.flood = {
    floodSent,
    othersSent,
    othersStored,
    rssMb: usage.rss / 2 ** 20,
    rssGrowthMb: (usage.rss - rssBefore) / 2 ** 20,
    p99: quantile(commands.latencies, 0.99),
    quietP99: quiet.command.p99,
    errors: commands.errors,
  };
  log(
    `flood: ${floodSent} sent by one device; others ${othersStored}/${othersSent} stored; RSS ${result.flood.rssMb.toFixed(0)} MB (+${result.flood.rssGrowthMb.toFixed(0)}); command p99 ${result.flood.p99.toFixed(1)} ms (quiet ${quiet.command.p99.toFixed(1)} ms)`,
  );

  // Sockets that never authenticate.
  const { port, hostname } = new URL(setup.mqttUrl);
  const rssBeforeSockets = (await child.call('usage')).rss;
  // The attacker runs in its own process, so that its 2,000 sockets do not slow the simulated devices (the
  // load generator) and only the API's cost shows in the commands.
  const attackerCode = `
    const { createConnection } = require('node:net');
    let closed = 0;
    const wave = () => Promise.all(Array.from({ length: 1000 }, () => new Promise((done) => {
      const socket = createConnection({ port: ${Number(port)}, host: '${hostname}' }, () => {
        socket.write(Buffer.from([0x10, 0xff, 0xff, 0xff, 0x7f]));
        socket.write(Buffer.alloc(64 * 1024));
      });
      socket.on('error', () => undefined);
      socket.on('close', () => { closed += 1; done(); });
      setTimeout(() => { socket.destroy(); done(); }, 10000);
    })));
    wave().then(wave).then(() => { process.stdout.write(String(closed)); });
  `;
  const attack = () =>
    new Promise((resolveAttack) => {
      const attacker = spawn(process.execPath, ['-e', attackerCode], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      attacker.stdout.on('data', (d) => (out += d));
      attacker.on('exit', () => resolveAttack(Number(out) || 0));
    });
  const attacks = attack();
  await child.call('measureCommands', { on: true });
  const underAttack = await atRate(100, duration, toggle);
  const inApi = await child.call('measureCommands', { on: false });
  const closedByServer = await attacks;
  const afterSockets = await child.call('usage');
  result.sockets = {
    opened: 2000,
    closed: closedByServer,
    rssGrowthMb: (afterSockets.rss - rssBeforeSockets) / 2 ** 20,
    p99: quantile(underAttack.latencies, 0.99),
    errors: underAttack.errors,
    apiP99: inApi.p99,
    apiLoopMax: inApi.loopMax,
  };
  log(
    `unauthenticated sockets: ${closedByServer}/2000 closed by the server; RSS +${result.sockets.rssGrowthMb.toFixed(0)} MB; command p99 ${result.sockets.p99.toFixed(1)} ms (in the API p99 ${inApi.p99.toFixed(1)} ms, event loop max ${inApi.loopMax.toFixed(0)} ms)`,
  );
  return result;
}

function report(rows, sizes, duration, brokers) {
  const cpus = os.cpus();
  const f1 = (n) => n.toFixed(1);
  const lines = [
    SECTION,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus.length} × ${cpus[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM; Node ${process.version}; PostgreSQL (local).`,
    `Command: \`npm run bench:devices -- --sizes ${sizes.join(',')} --duration ${duration} --brokers ${brokers.join(',')}${rows.some((r) => r.processes > 1) ? ` --processes ${[...new Set(rows.map((r) => r.processes))].join(',')}` : ''}\` (scripts/bench-devices.mjs, header comment). The simulated devices run in the`,
    'load-generator process, the API (with the embedded broker) in its own: the same 2-core machine carries both.',
    "Latencies run from each request's scheduled time (no coordinated omission), after 3 s of unmeasured commands (warm-up). A command is two short transactions",
    '(record; store the acknowledged state) around the broker round trip. Where its time goes is measured in the same run:',
    "the API's own time per toggle request (Node's HTTP diagnostics channels, arrival to the response's end), the device's",
    "part of it (the command's publish to its acknowledgement), and the longest event-loop pause of the API and of the load",
    'generator (which runs every simulated device). Telemetry is off while commands are measured. The p99 varies from run to',
    'run on this shared 2-core machine (embedded broker, 10,000 devices: 96, 212 and 15 ms in three runs of 2026-11-26 before',
    'the split was measured).',
    '',
    '| Broker | Devices | Connected (time) | Floor: bare broker round trip p50 / p99 | Command round trip p50 / p99 / max (errors) at 100/s | Of it in the API p50 / p99 (publish → ack p50 / p99) | Event loop delay max: API / load generator | Ingest, every device every 10 s: sent / stored | Ingest at saturation: stored / s (sent, stored) | API CPU / RSS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.size.toLocaleString('en')} | ${r.connected?.toLocaleString('en') ?? '?'} (${f1(r.connectSeconds ?? 0)} s) | ${f1(r.floor.p50)} / ${f1(r.floor.p99)} ms | ${f1(r.command.p50)} / ${f1(r.command.p99)} / ${f1(r.command.max)} ms (${r.command.errors}) | ${f1(r.command.server.p50)} / ${f1(r.command.server.p99)} ms (${f1(r.command.server.deliverP50)} / ${f1(r.command.server.deliverP99)} ms) | ${Math.round(r.command.server.loopMax)} / ${Math.round(r.command.generatorLoopMax)} ms | ${r.steady.sent.toLocaleString('en')} / ${r.steady.stored.toLocaleString('en')} | ${Math.round(r.saturation.rate).toLocaleString('en')} (${r.saturation.sent.toLocaleString('en')}, ${r.saturation.stored.toLocaleString('en')}) | ${r.usage.cpuPercent}% / ${Math.round(r.usage.rss / 2 ** 20)} MB |`,
    );
  }
  const biggest = rows.find((r) => r.rollout) ?? rows[rows.length - 1];
  const rollout = biggest.rollout;
  if (rollout) {
    lines.push(
      '',
      `Rollout (issue 14), at ${biggest.size.toLocaleString('en')} connected: ${rollout.devices.toLocaleString('en')} ISAAC devices, a 1 MB image, stages [100], at most 100`,
      `updating at once (each downloads in ranges, checks SHA-256, reboots and reports its version): ${rollout.status} in ${f1(rollout.seconds)} s —`,
      `${rollout.updated.toLocaleString('en')} updated, ${rollout.failed} failed, ${rollout.open} left in a non-final state; API CPU ${rollout.usage.cpuPercent}% (average since start), RSS ${Math.round(rollout.usage.rss / 2 ** 20)} MB.`,
    );
  }
  if (rows.some((r) => r.broker === 'mosquitto')) {
    lines.push(
      '',
      "With Mosquitto the floor is Mosquitto's own publish → receive round trip on this machine, and every command",
      'pays it twice (command, then acknowledgement). Unless BENCH_MQTT_URL names a broker, the bench starts its own',
      "Mosquitto (the machine's binary, a free port, no persistence) with `set_tcp_nodelay true`: by default (false)",
      'Mosquitto lets small packets wait for delayed ACKs, which made the floor ~29 ms on the shared broker at 1883.',
      "Presence comes from the devices' status messages as the server stored them; the bench waits until every",
      'device is in or none has come in for 10 s ("connected" is what the server saw by then).',
    );
  }
  const verdict = (ok, text) => `- ${ok ? 'MET' : 'MISSED'}: ${text}`;
  const at = (r) => `${r.size.toLocaleString('en')}${brokers.length > 1 ? ` (${r.broker})` : ''}`;
  const largest = rows.filter((r) => r.size === Math.max(...sizes));
  lines.push(
    '',
    'Targets (issue 13):',
    verdict(
      largest.every((r) => r.connected >= 10_000),
      `10,000 devices connected (${largest.map((r) => `${r.connected?.toLocaleString('en')} at ${at(r)}`).join(', ')})`,
    ),
    verdict(
      rows.every((r) => r.command.p99 <= 50),
      `command round trip p99 ≤ 50 ms (${rows.map((r) => `${f1(r.command.p99)} ms at ${at(r)}`).join(', ')})`,
    ),
    verdict(
      rows.every(
        (r) =>
          r.saturation.rate >= 5000 &&
          r.saturation.stored === r.saturation.sent &&
          r.steady.stored === r.steady.sent,
      ),
      `ingest ≥ 5,000 messages/s stored with zero loss (${rows.map((r) => `${Math.round(r.saturation.rate)}/s at ${at(r)}`).join(', ')})`,
    ),
    verdict(
      largest.every((r) => r.usage.rss <= 2 ** 30),
      `RSS ≤ 1 GB at the largest size (${largest.map((r) => `${Math.round(r.usage.rss / 2 ** 20)} MB at ${at(r)}`).join(', ')})`,
    ),
  );
  const u = rows.find((r) => r.untrusted)?.untrusted;
  const ur = rows.find((r) => r.untrusted);
  if (u) {
    const { validation: v, flood: fl, sockets: so } = u;
    lines.push(
      '',
      `Untrusted devices (issue 27), embedded broker, ${ur.size.toLocaleString('en')} devices, same run: ingest at saturation with every message read at`,
      'the edge (size, UTF-8, JSON, ranges, time window) against the same with the checks off (alternated, medians);',
      'one device flooding as fast as it can with the default limits (5/s, burst 50, cut off after 100 dropped in 10 s;',
      'it reconnects and floods again) while the others report every 10 s and commands run at 100/s; then 2 × 1,000',
      'sockets that never authenticate, each sending a CONNECT header that declares 256 MB and 64 KB of it.',
      '',
      '| Row | Result |',
      '| --- | --- |',
      `| Ingest with edge checks / without (medians) | ${Math.round(v.checked).toLocaleString('en')} / ${Math.round(v.unchecked).toLocaleString('en')} readings/s (${(v.ratio * 100).toFixed(0)}%; rounds ${v.rounds.checked.map((n) => Math.round(n).toLocaleString('en')).join(', ')} / ${v.rounds.unchecked.map((n) => Math.round(n).toLocaleString('en')).join(', ')}) |`,
      `| Flooding device | ${fl.floodSent.toLocaleString('en')} messages sent; the others' readings ${fl.othersStored.toLocaleString('en')} of ${fl.othersSent.toLocaleString('en')} stored; API RSS ${Math.round(fl.rssMb)} MB (${fl.rssGrowthMb >= 0 ? '+' : ''}${Math.round(fl.rssGrowthMb)} MB); command p99 ${f1(fl.p99)} ms vs ${f1(fl.quietP99)} ms quiet (${fl.errors} errors) |`,
      `| Unauthenticated oversized CONNECTs | ${so.closed.toLocaleString('en')} of ${so.opened.toLocaleString('en')} closed by the server; API RSS ${so.rssGrowthMb >= 0 ? '+' : ''}${Math.round(so.rssGrowthMb)} MB; command p99 ${f1(so.p99)} ms (${so.errors} errors; in the API p99 ${f1(so.apiP99)} ms, event loop max ${Math.round(so.apiLoopMax)} ms) |`,
      '',
      'Targets (issue 27):',
      verdict(
        v.ratio >= 0.9,
        `ingest with every message validated ≥ 90% of the rate without (${(v.ratio * 100).toFixed(0)}%)`,
      ),
      verdict(
        fl.othersStored === fl.othersSent && fl.p99 <= 2 * Math.max(fl.quietP99, 1),
        `a flooding device: the others' readings all stored (${fl.othersStored}/${fl.othersSent}) and command p99 within 2× of the quiet run (${f1(fl.p99)} vs ${f1(fl.quietP99)} ms)`,
      ),
      verdict(
        so.rssGrowthMb < 50 && so.errors === 0 && so.p99 <= 2 * Math.max(fl.quietP99, 1),
        `1,000 unauthenticated oversized CONNECTs: RSS growth under 50 MB (${Math.round(so.rssGrowthMb)} MB), commands unaffected: no errors (${so.errors}) and p99 within 2× of the quiet run (${f1(so.p99)} vs ${f1(fl.quietP99)} ms)`,
      ),
    );
  }
  lines.push(
    '',
    'Scaling past one machine: an EMQX cluster in front (the server as a privileged client, devices authorised through',
    '`/api/mqtt/auth` and `/api/mqtt/acl`), several API processes sharing the telemetry with a shared subscription',
    '(`$share/isaac/d/+/telemetry`; every process hears the acknowledgements and the one whose request waits',
    'resolves it, ADR 061),',
    'PostgreSQL with the readings partitioned by day (ADR 036) and, past one primary, readings on their own database.',
  );
  return lines.join('\n');
}

function writeSection(body) {
  let text = existsSync(BENCH_FILE) ? readFileSync(BENCH_FILE, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(`${SECTION}\n`);
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + SECTION.length);
    text = text.slice(0, start) + (next >= 0 ? text.slice(next + 1) : '');
  }
  writeFileSync(BENCH_FILE, `${text.replace(/\n*$/, '\n')}\n${body.trimEnd()}\n`);
}

if (process.argv.includes('--serve')) await serve();
else await main();
