// The API process of `npm run bench:devices` (forked with --serve) and the parent's handle on it.
import { fork } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ENTRY, ROOT, quantile, secretOf } from './common.mjs';
import { homeHandlers } from './homes.mjs';

export async function serve() {
  const { buildApp } = await import('../../apps/server/src/app.ts');
  const { loadConfig } = await import('../../apps/server/src/config.ts');
  const { createDatabase } = await import('../../apps/server/src/db/client.ts');
  const { migrateDatabase } = await import('../../apps/server/src/db/migrate.ts');
  const { SYSTEM_CONTEXT } = await import('../../apps/server/src/modules/audit/audit-log.ts');
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
      const { readDeviceMessage } = await import('../../apps/server/src/device-plane/messages.ts');
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
        SYSTEM_CONTEXT,
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
  // Issue 33's scenario (--automations): homes, automations and what only this process can measure.
  Object.assign(handlers, await homeHandlers(app, exec));
  process.on('message', async ({ id, cmd, args }) => {
    try {
      process.send({ id, result: await handlers[cmd](args ?? {}) });
    } catch (error) {
      process.send({ id, error: String(error?.stack ?? error) });
    }
  });
  process.send({ ready: true });
}

export function startChild(env) {
  const child = fork(ENTRY, ['--serve'], {
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
