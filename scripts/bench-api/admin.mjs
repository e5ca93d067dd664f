// The admin area of `npm run bench:api -- --admin` (issue 10): users search, devices list with a filter,
// dashboard and activity page at a fixed rate on PostgreSQL, over ADMIN_USERS owners, the devices table grown
// to each size and ADMIN_AUDIT_ROWS activity entries; EXPLAIN ANALYZE of the admin services' SQL.
import { areaMode, fmt } from './shared.mjs';

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
export const TARGET_ADMIN_P99_MS = 25;
const ADMIN_TARGETS = [
  ['GET /api/admin/users?search=', `/api/admin/users?search=${encodeURIComponent(ADMIN_SEARCH)}`],
  ['GET /api/admin/devices?status=online', '/api/admin/devices?status=online'],
  ['GET /api/admin/dashboard', '/api/admin/dashboard'],
  ['GET /api/admin/activity', '/api/admin/activity'],
];
const ADMIN_ENDPOINTS = ADMIN_TARGETS.map(([name]) => name);

/** The admin mode as the parent runs it. */
export const adminMode = areaMode({
  name: 'admin',
  targets: ADMIN_TARGETS,
  subsection: '### Admin queries',
  defaultRate: '500',
  // The admin target is set for PostgreSQL (a million devices in PGlite is not its use).
  defaultSizes: '100000,1000000',
  sample: (child) => child.call('adminTokens', { count: 20 }),
  targetP99: TARGET_ADMIN_P99_MS,
  dataset: ({ rate }) => [
    `Dataset: ${fmt(ADMIN_USERS)} owners, the devices table grown to each size (a fifth available, a quarter offline,`,
    `three types and firmware versions), ${fmt(ADMIN_AUDIT_ROWS)} activity entries; requests rotate over 20 admin sessions.`,
    `The users search is \`${ADMIN_SEARCH}\` (50 matching names among realistic ones); the devices filter keeps the online ones.`,
    `Targets: p99 ≤ ${TARGET_ADMIN_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for each admin endpoint, no growth with the`,
    'devices table (ADR 032).',
  ],
});

/** The child's admin commands: grow the dataset, mint admin sessions, EXPLAIN the admin services' SQL. */
export function adminCommands({ app, exec, state, capturing, explainSteps, readAs, signIn }) {
  return {
    /**
     * Admin mode: ADMIN_USERS owners and ADMIN_AUDIT_ROWS activity entries (first call), the devices table
     * grown to `devices` — device j belongs to owner 1 + j % ADMIN_USERS, except every fifth (available);
     * a quarter are offline; three types and firmware versions; newest j last.
     */
    async seedAdmin({ devices: targetDevices }) {
      const started = Date.now();
      const uid = (i) => `md5('bench-user-' || ${i})::uuid::text`;
      if (state.owners === 0) {
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
        state.owners = ADMIN_USERS;
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

    /** Admin mode: `count` admins, each with a real session and JWT (no second factor: not required here). */
    async adminTokens({ count }) {
      const admins = await exec(
        `INSERT INTO users (id, name, email, username, password_hash, role, created_at, updated_at)
         SELECT md5('bench-admin-' || i)::uuid::text, 'Bench Admin ' || i, 'admin' || i || '@bench.isaac',
                'bench-admin-' || i, '$argon2id$v=19$m=19456,t=2,p=1$bench$none', 3, now() - interval '400 days', now()
         FROM generate_series(1, $1::int) AS i
         ON CONFLICT (id) DO UPDATE SET updated_at = now()
         RETURNING id, role`,
        [count],
      );
      return signIn(admins);
    },

    /** Admin mode: EXPLAIN ANALYZE of the SQL the admin services send for each measured endpoint. */
    async explainAdmin() {
      const { captured, logged } = capturing();
      const { AuditLog } = await import('../../apps/server/src/modules/audit/audit-log.ts');
      const { RowCounts } = await import('../../apps/server/src/modules/stats/row-counts.ts');
      const { AdminUserService } = await import('../../apps/server/src/modules/admin-users/service.ts');
      const { AdminDeviceService } = await import('../../apps/server/src/modules/admin-devices/service.ts');
      const { AdminDashboardService } =
        await import('../../apps/server/src/modules/admin-dashboard/service.ts');
      const { RequestOutcomes } = await import('../../apps/server/src/plugins/request-outcomes.ts');
      const now = () => new Date();
      const audit = new AuditLog(logged, now);
      const counts = new RowCounts(logged);
      const [admin] = await exec(`SELECT id FROM users WHERE id = md5('bench-admin-' || 1)::uuid::text`);
      // The devices list carries the caller's session in its statement (ADR 041), as the route runs it.
      const asAdmin = await readAs(logged, admin.id);
      const { DeviceService } = await import('../../apps/server/src/modules/devices/service.ts');
      const { DeviceCommandService } =
        await import('../../apps/server/src/modules/device-commands/service.ts');
      const deviceList = new DeviceService(
        logged,
        new DeviceCommandService(logged, audit, now),
        audit,
        now,
        app.config.aqiScale,
      );
      const devices = new AdminDeviceService(logged, audit, counts, now, deviceList);
      const scope = { kind: 'admin', userId: admin.id };
      const online = { page: 1, page_size: 20, status: 'online', sort: 'created_at', order: 'desc' };
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
        [ADMIN_ENDPOINTS[1], () => asAdmin(devices.list(scope, online))],
        [
          ADMIN_ENDPOINTS[2],
          () => new AdminDashboardService(logged, new RequestOutcomes(now), now, 30).dashboard(),
        ],
        [ADMIN_ENDPOINTS[3], () => audit.list({ limit: 20 })],
      ];
      return { plans: await explainSteps(steps, captured, true) };
    },
  };
}
