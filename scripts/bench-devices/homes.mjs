// The API-process side of `npm run bench:devices -- --automations` (issue 33): homes with automations, and
// what only the API process can see — when a reading was stored, when a command was published, and the CPU
// of the process and of its PostgreSQL backends.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { AUTOMATION_LIMITS, DEFAULT_TIME_ZONE } from '@isaac/contract';
import { secretOf } from './common.mjs';

/** PM2.5 above this (µg/m³) is a spike: the air-quality automations watch for it. */
export const SPIKE_THRESHOLD = 100;
/** Each home's devices, by position: the first sensor is watched, the first purifier is switched by it, the
 * second purifier going offline is told, the switch is scheduled; positions past these are more sensors. */
export const HOME_LAYOUT = ['skywalker', 'isaac', 'isaac', 'lumos', 'skywalker'];
const AT = { sensor: 0, purifier: 1, watched: 2, lights: 3 };
/** The bench's automations switch a device as often as an owner may let them: the highest limit there is. */
export const BENCH_TOGGLES_PER_HOUR = AUTOMATION_LIMITS.maxTogglesPerHour;

/** CPU time (ms) of a process as /proc/<pid>/stat counts it (user + system), or null when it is gone. */
function procCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // CLK_TCK 100
  } catch {
    return null;
  }
}

export async function homeHandlers(app, exec) {
  const { nextRun } = await import('../../apps/server/src/modules/automations/engine/schedule.ts');
  /** Purifier → the sensor whose spikes switch it (the stored → published pairing). */
  const sensorOfPurifier = new Map();
  const spikeStoredAt = new Map();
  let storedToPublished = [];
  app.services.events.on('device.readings_stored', async ({ latest }) => {
    const at = performance.now();
    for (const { deviceId, pm25 } of latest) {
      if (pm25 > SPIKE_THRESHOLD && !spikeStoredAt.has(deviceId)) spikeStoredAt.set(deviceId, at);
    }
  });
  const bus = app.services.devicePlane.bus;
  const publish = bus.publish.bind(bus);
  bus.publish = (topic, payload, options) => {
    // A purifier's "on" answers its sensor's spike (an "off" is a clear step, after main's clear actions).
    const command = /^d\/([^/]+)\/cmd\//.exec(topic);
    const on = command !== null && String(payload).includes('"power_on":true');
    const sensor = on && sensorOfPurifier.get(command[1]);
    const at = sensor ? spikeStoredAt.get(sensor) : undefined;
    if (at !== undefined) {
      spikeStoredAt.delete(sensor);
      storedToPublished.push({ at: Date.now(), ms: performance.now() - at });
    }
    return publish(topic, payload, options);
  };
  let homes = [];
  // CPU: the process's (process.cpuUsage) and its PostgreSQL backends' (/proc, sampled every 500 ms: a
  // backend the pool closes between two samples loses at most its last half second, idle by then).
  let cpu = null;
  const sampleDb = async () => {
    if (!cpu) return;
    const pids = await exec(
      'SELECT pid, backend_type FROM pg_stat_activity WHERE datname = current_database()',
    );
    for (const { pid, backend_type: type } of pids) {
      const now = procCpuMs(pid);
      if (now === null) continue;
      const before = cpu.backends.get(pid) ?? cpu.baseline.get(pid) ?? 0;
      cpu.db += now - before;
      // Autovacuum's share: the tables' upkeep after writes, shown apart (it lags the writes that cause it).
      if (type === 'autovacuum worker') cpu.vacuum += now - before;
      cpu.backends.set(pid, now);
    }
  };
  return {
    /** `homes` owners with `perHome` devices each (HOME_LAYOUT), with credentials. */
    async seedHomes({ homes: count, perHome }) {
      const owners = await exec(
        `INSERT INTO users (name, email, username, password_hash, role)
         SELECT 'Home ' || h, 'home-' || h || '@bench.isaac', 'bench-home-' || h,
                '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 2
         FROM generate_series(0, $1::int - 1) AS h RETURNING id, username`,
        [count],
      );
      const ownerIds = owners
        .map((o) => ({ id: o.id, h: Number(o.username.slice('bench-home-'.length)) }))
        .sort((a, b) => a.h - b.h)
        .map((o) => o.id);
      const rows = await exec(
        `INSERT INTO devices (id, name, model, serial_number, type, user_id, gang_count, gang_states, fan_speed, firmware_version)
         SELECT md5('bench-home-dev-' || i)::uuid::text, 'Device ' || i, 'Bench', 'BENCH-H-' || i, t.type,
                ($1::text[])[1 + i / $3::int],
                CASE WHEN t.type = 'lumos' THEN 2 ELSE 0 END,
                CASE WHEN t.type = 'lumos' THEN '[false,false]'::jsonb ELSE '[]'::jsonb END,
                CASE WHEN t.type = 'isaac' THEN 'medium' END, '1.0.0'
         FROM generate_series(0, $2::int * $3::int - 1) AS i,
              LATERAL (SELECT COALESCE(($4::text[])[1 + i % $3::int], 'skywalker') AS type) t
         RETURNING id, type, serial_number`,
        [ownerIds, count, perHome, HOME_LAYOUT],
      );
      const devices = rows
        .map((r) => ({ id: r.id, type: r.type, i: Number(r.serial_number.slice('BENCH-H-'.length)) }))
        .sort((a, b) => a.i - b.i);
      const hashes = devices.map((d) => createHash('sha256').update(secretOf(d.i)).digest('hex'));
      await exec(
        `INSERT INTO device_credentials (device_id, secret_hash) SELECT * FROM unnest($1::text[], $2::text[])`,
        [devices.map((d) => d.id), hashes],
      );
      homes = ownerIds.map((owner, h) => ({
        owner,
        devices: devices.slice(h * perHome, (h + 1) * perHome).map((d) => d.id),
      }));
      for (const home of homes) sensorOfPurifier.set(home.devices[AT.purifier], home.devices[AT.sensor]);
      return {
        devices: devices.map((d) => ({
          id: d.id,
          type: d.type,
          secret: secretOf(d.i),
          home: Math.floor(d.i / perHome),
          at: d.i % perHome,
        })),
        mqttUrl: bus.url.replace('localhost', '127.0.0.1'),
      };
    },
    /**
     * Three automations per home, as an owner would write them: PM2.5 above the spike threshold on the
     * sensor → the purifier on; every day at the minute of `scheduleAt` → the switch's first gang on; the
     * second purifier goes offline → a notification. Returns the schedule's next run as the engine computes it.
     */
    async seedAutomations({ scheduleAt }) {
      const at = new Date(scheduleAt);
      const time = new Intl.DateTimeFormat('en-GB', {
        timeZone: DEFAULT_TIME_ZONE,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
      const base = {
        enabled: true,
        conditions: [],
        max_toggles_per_hour: BENCH_TOGGLES_PER_HOUR,
        manual_override_minutes: 60,
      };
      const schedule = { kind: 'schedule', time, days: [0, 1, 2, 3, 4, 5, 6] };
      const next = nextRun(schedule, DEFAULT_TIME_ZONE, new Date(at.getTime() - 30_000));
      const rows = homes.flatMap(({ owner, devices: d }) => [
        {
          user_id: owner,
          trigger_kind: 'air_quality',
          trigger_device_id: d[AT.sensor],
          next_run_at: null,
          definition: {
            ...base,
            name: 'Clean the air',
            trigger: {
              kind: 'air_quality',
              device_id: d[AT.sensor],
              metric: 'pm25',
              direction: 'above',
              value: SPIKE_THRESHOLD,
              for_minutes: 0,
            },
            actions: [{ kind: 'device', device_id: d[AT.purifier], command: { kind: 'power', on: true } }],
            // Off again once the air is back (where the engine has clear actions): each spike switches it on.
            clear_actions: [
              { kind: 'device', device_id: d[AT.purifier], command: { kind: 'power', on: false } },
            ],
          },
        },
        {
          user_id: owner,
          trigger_kind: 'schedule',
          trigger_device_id: null,
          next_run_at: next.toISOString(),
          definition: {
            ...base,
            name: 'Evening lights',
            trigger: schedule,
            actions: [
              { kind: 'device', device_id: d[AT.lights], command: { kind: 'gang', index: 0, on: true } },
            ],
          },
        },
        {
          user_id: owner,
          trigger_kind: 'device',
          trigger_device_id: d[AT.watched],
          next_run_at: null,
          definition: {
            ...base,
            name: 'Purifier offline',
            trigger: { kind: 'device', device_id: d[AT.watched], event: 'goes_offline' },
            actions: [{ kind: 'notify', message: 'The bedroom purifier went offline.' }],
          },
        },
      ]);
      for (const row of rows) row.name = row.definition.name;
      await exec(
        `INSERT INTO automations (user_id, name, definition, enabled, trigger_kind, trigger_device_id, next_run_at)
         SELECT a.user_id, a.name, a.definition, true, a.trigger_kind, a.trigger_device_id, a.next_run_at
         FROM jsonb_to_recordset($1::jsonb) AS a(user_id text, name text, definition jsonb, trigger_kind text,
              trigger_device_id text, next_run_at timestamptz)`,
        [JSON.stringify(rows)],
      );
      return { count: rows.length, nextRunAt: next.toISOString() };
    },
    async setAutomations({ enabled }) {
      await exec('UPDATE automations SET enabled = $1', [enabled]);
      return true;
    },
    /** The stored → published latencies since the last call (and the spikes stored, not yet published). */
    async takeLatencies() {
      const taken = { storedToPublished, pendingSpikes: spikeStoredAt.size };
      storedToPublished = [];
      spikeStoredAt.clear();
      return taken;
    },
    /** Starts a phase: CPU counted from here. */
    async phaseStart() {
      cpu = {
        process: process.cpuUsage(),
        t: performance.now(),
        db: 0,
        vacuum: 0,
        backends: new Map(),
        baseline: new Map(),
      };
      const pids = await exec('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
      for (const { pid } of pids) cpu.baseline.set(pid, procCpuMs(pid) ?? 0);
      cpu.timer = setInterval(() => void sampleDb().catch(() => undefined), 500);
      return true;
    },
    async phaseEnd() {
      await sampleDb();
      clearInterval(cpu.timer);
      const used = process.cpuUsage(cpu.process);
      const seconds = (performance.now() - cpu.t) / 1000;
      const result = {
        seconds,
        apiMs: (used.user + used.system) / 1000,
        dbMs: cpu.db,
        vacuumMs: cpu.vacuum,
      };
      cpu = null;
      return result;
    },
    /** The schedule's runs: when each started against the minute, and every run's outcome by trigger. */
    async runs({ scheduledAt }) {
      const started = await exec(
        `SELECT extract(epoch FROM r.started_at - $1::timestamptz) * 1000 AS late
         FROM automation_runs r JOIN automations a ON a.id = r.automation_id WHERE a.trigger_kind = 'schedule'`,
        [scheduledAt],
      );
      const outcomes = await exec(
        `SELECT a.trigger_kind AS kind, r.outcome, count(*)::int AS n FROM automation_runs r
         JOIN automations a ON a.id = r.automation_id GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      return { scheduleLate: started.map((r) => Number(r.late)), outcomes };
    },
    async runCount() {
      return (await exec('SELECT count(*)::int AS n FROM automation_runs'))[0].n;
    },
    /** The automations' notifications since `since` and the latest one's time. */
    async notified({ since }) {
      const [row] = await exec(
        `SELECT count(*)::int AS n, max(created_at) AS last FROM notifications
         WHERE kind = 'automation' AND created_at >= $1`,
        [since],
      );
      return { count: row.n, last: row.last ? new Date(row.last).toISOString() : null };
    },
  };
}
