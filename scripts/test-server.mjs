// Runs the server integration suite on embedded PGlite, then again on PostgreSQL when
// TEST_DATABASE_URL is set (the helpers in apps/server/src/test pick the database from it).
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const { TEST_DATABASE_URL, ...withoutPg } = process.env;

function run(label, env) {
  console.log(`\n== server tests on ${label} ==`);
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...extra], {
    stdio: 'inherit',
    env,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('PGlite', withoutPg);
if (TEST_DATABASE_URL) run(`PostgreSQL (${TEST_DATABASE_URL})`, process.env);
else console.log('\n== server tests on PostgreSQL: skipped: TEST_DATABASE_URL is not set ==');
