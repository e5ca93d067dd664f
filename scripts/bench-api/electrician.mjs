// The electrician area of `npm run bench:api -- --electrician` (issue 11): the electrician's dashboard and
// installations page at a fixed rate on PostgreSQL, over BENCH_ELECTRICIANS electricians and BENCH_CUSTOMERS
// customers, the installations table grown to each size; EXPLAIN ANALYZE of the electrician service's SQL.
import { areaMode, fmt } from './shared.mjs';
import { TARGET_ADMIN_P99_MS } from './admin.mjs';

/** Electrician mode (issue 11): 500 electricians, 20,000 customers (40 each), installations grown to each size. */
const BENCH_ELECTRICIANS = 500;
const BENCH_CUSTOMERS = 20_000;
const ELECTRICIAN_TARGETS = [
  ['GET /api/electrician/dashboard', '/api/electrician/dashboard'],
  ['GET /electrician/installations?page=1', '/electrician/installations?page=1'],
];
const ELECTRICIAN_ENDPOINTS = ELECTRICIAN_TARGETS.map(([name]) => name);

/** The electrician mode as the parent runs it. */
export const electricianMode = areaMode({
  name: 'electrician',
  targets: ELECTRICIAN_TARGETS,
  subsection: '### Electrician queries',
  defaultRate: '500',
  defaultSizes: '10000,100000',
  sample: (child) => child.call('electricianTokens', { count: 50 }),
  targetP99: TARGET_ADMIN_P99_MS,
  dataset: ({ rate }) => [
    `Dataset: ${fmt(BENCH_ELECTRICIANS)} electricians, ${fmt(BENCH_CUSTOMERS)} customers (40 each, 2 devices each), the`,
    'installations table grown to each size (spread over the electricians, 2 devices each); requests rotate over 50',
    'electricians\' sessions. (The "Devices in table" column is the installations table\'s size in this mode.)',
    `Targets: p99 ≤ ${TARGET_ADMIN_P99_MS} ms at ${fmt(rate)} req/s on PostgreSQL for each endpoint, no growth with the table.`,
  ],
});

/** The child's electrician commands: grow the dataset, mint electricians' sessions, EXPLAIN their reads. */
export function electricianCommands({
  app,
  exec,
  state,
  capturing,
  explainSteps,
  readAs,
  sampledUsers,
  signIn,
}) {
  return {
    /**
     * Electrician mode: BENCH_ELECTRICIANS electricians and BENCH_CUSTOMERS owners (customer c belongs to
     * electrician 1 + c % BENCH_ELECTRICIANS, with 2 devices), first call; then installations grown to
     * `devices` (the size): installation j of customer 1 + j % BENCH_CUSTOMERS, 2 devices each.
     */
    async seedElectrician({ devices: targetInstallations }) {
      const started = Date.now();
      const eid = (i) => `md5('bench-electrician-' || ${i})::uuid::text`;
      const cid = (i) => `md5('bench-customer-' || ${i})::uuid::text`;
      if (state.owners === 0) {
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
        state.owners = BENCH_CUSTOMERS;
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
      return signIn(await sampledUsers('bench-electrician-', BENCH_ELECTRICIANS, count));
    },

    /** Electrician mode: EXPLAIN ANALYZE of the electrician service's SQL for one electrician. */
    async explainElectrician() {
      const { captured, logged } = capturing();
      const { ElectricianService } = await import('../../apps/server/src/modules/electrician/service.ts');
      const [electrician] = await exec(`SELECT md5('bench-electrician-' || 1)::uuid::text AS id`);
      const scope = { kind: 'electrician', userId: electrician.id };
      // Both reads carry the caller's session in their statement (ADR 041), as their routes run them.
      const asElectrician = await readAs(logged, electrician.id);
      // Neither the assignments nor the device list are read by these two reads.
      const service = new ElectricianService(logged, null, null, app.config.aqiScale);
      const page = { page: 1, page_size: 20, sort: 'created_at', order: 'desc' };
      const steps = [
        [ELECTRICIAN_ENDPOINTS[0], () => asElectrician(service.dashboard(scope))],
        [ELECTRICIAN_ENDPOINTS[1], () => asElectrician(service.installations(scope, page))],
      ];
      return { plans: await explainSteps(steps, captured, true) };
    },
  };
}
