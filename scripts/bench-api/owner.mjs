// The owner area of `npm run bench:api` (the default and --saturate modes): its dataset, sampled callers,
// measured endpoints, targets and the EXPLAIN of the owner services' SQL.
import { fmt, pct } from './shared.mjs';

/** Fixed-rate target: p99 of every authenticated endpoint at the offered rate on PostgreSQL. */
export const TARGET_P99_MS = 10;
/** Saturation target: these endpoints' throughput as a share of the floor's, in the same run. */
export const TARGET_RATIO = 0.4;
export const RATIO_ENDPOINTS = ['GET /auth/current-user', 'GET /api/devices'];
export const DEVICES_PER_OWNER = 5;
export const ROOMS_PER_OWNER = 2;
export const TOKEN_SAMPLE = 500;
/** The endpoints the latency target is for (the bare route and the floor are references). */
export const AUTH_ENDPOINTS = [
  'GET /auth/current-user',
  'GET /api/dashboard',
  'GET /api/devices',
  'GET /api/rooms',
];
export const OWNER_ENDPOINTS = ['GET /api/dashboard', 'GET /api/devices', 'GET /api/rooms'];

/** The owner modes as the parent runs them (fixed rate, or saturation with --saturate). */
export const ownerMode = (saturate) => ({
  name: saturate ? 'saturate' : 'rate',
  subsection: saturate ? '### Saturation: throughput against the floor' : '### Fixed rate: latency',
  defaultRate: '1000',
  defaultSizes: '10000,100000',
  only: '',
  seed: 'seed',
  sample: (child, sizes) =>
    child.call('tokens', { count: TOKEN_SAMPLE, ownersInSample: sizes[0] / DEVICES_PER_OWNER }),
  explain: 'explain',
  endpoints: (port) =>
    [
      ['GET /auth/current-user', '/auth/current-user'],
      ['GET /api/dashboard', '/api/dashboard'],
      ['GET /api/devices', '/api/devices'],
      ['GET /api/rooms', '/api/rooms'],
    ].map(([name, path]) => ({ name, port, path, auth: true })),
  targetEndpoints: AUTH_ENDPOINTS,
  targetP99: TARGET_P99_MS,
  dataset: ({ rate }) => [
    `Targets: p99 ≤ ${TARGET_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for every authenticated endpoint, no growth with the`,
    `table size; PGlite sustains ${fmt(rate)} req/s on the owner endpoints.`,
  ],
  saturationTarget: `Target: \`${RATIO_ENDPOINTS.join('` and `')}\` at saturation ≥ ${pct(TARGET_RATIO)} of the floor in the same run.`,
});

/** The child's owner commands: grow the dataset, mint sessions, EXPLAIN the owner services' SQL. */
export function ownerCommands({ app, exec, state, capturing, explainSteps, readAs, sampledUsers, signIn }) {
  return {
    /** Grows the dataset to `devices` devices (owners from the current count + 1). */
    async seed({ devices: targetDevices }) {
      const started = Date.now();
      const from = state.owners + 1;
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
      state.owners = to;
      const [counts] = await exec(
        'SELECT (SELECT count(*) FROM devices)::int AS devices, (SELECT count(*) FROM users)::int AS owners, (SELECT count(*) FROM rooms)::int AS rooms',
      );
      return { ...counts, ms: Date.now() - started };
    },

    /** Real sessions + JWTs for `count` owners spread over the first `ownersInSample` owners. */
    async tokens({ count, ownersInSample }) {
      return signIn(await sampledUsers('bench-user-', ownersInSample, count));
    },

    /** EXPLAIN ANALYZE of the SQL the owner services send, captured through a Drizzle logger. */
    async explain() {
      const { captured, logged } = capturing();
      const { AuditLog } = await import('../../apps/server/src/modules/audit/audit-log.ts');
      const { DeviceCommandService } =
        await import('../../apps/server/src/modules/device-commands/service.ts');
      const { DeviceService } = await import('../../apps/server/src/modules/devices/service.ts');
      const { RoomService } = await import('../../apps/server/src/modules/rooms/service.ts');
      const { OwnerDashboardService } = await import('../../apps/server/src/modules/dashboard/service.ts');
      const [owner] = await exec(`SELECT md5('bench-user-' || 1)::uuid::text AS id`);
      const [room] = await exec(`SELECT md5('bench-room-1-1')::uuid::text AS id`);
      const now = () => new Date();
      // The owner's scope (policy layer, ADR 019), as the auth hook builds it for a signed-in owner.
      const scope = { kind: 'owner', userId: owner.id };
      // The owner reads carry the caller's session in their statement (ADR 041), as the route runs them.
      const asOwner = await readAs(logged, owner.id);
      // The list reads only: the activity log is never written here.
      const audit = new AuditLog(logged, now);
      const scale = app.config.aqiScale;
      const devicesService = new DeviceService(
        logged,
        new DeviceCommandService(logged, audit, now),
        audit,
        now,
        scale,
      );
      const page = { page: 1, page_size: 20, sort: 'created_at', order: 'desc' };
      const steps = [
        ['GET /api/dashboard', () => asOwner(new OwnerDashboardService(logged, scale).statistics(scope))],
        ['GET /api/devices', () => asOwner(devicesService.list(scope, page))],
        [
          'GET /api/devices?room_id=',
          () => asOwner(devicesService.list(scope, { ...page, room_id: room.id })),
        ],
        [
          'GET /api/devices?room_id=none',
          () => asOwner(devicesService.list(scope, { ...page, room_id: 'none' })),
        ],
        ['GET /api/rooms', () => asOwner(new RoomService(logged, audit, now, scale).list(scope, page))],
      ];
      return { plans: await explainSteps(steps, captured, false) };
    },
  };
}
