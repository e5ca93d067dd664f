import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Server test files that need a server of the machine's (CI has both; a laptop may have neither): each is
 * run only when the variables it names are set, and the run says which were left out and why.
 */
const NEEDS_SERVERS: Record<string, string[]> = {
  'src/two-processes.test.ts': ['TEST_DATABASE_URL', 'TEST_MQTT_URL'],
  'src/device-plane/shared-subscriptions-broker.test.ts': ['TEST_MQTT_URL'],
};
const notRunHere = Object.entries(NEEDS_SERVERS).filter(([, vars]) => vars.some((v) => !process.env[v]));

/**
 * Server test files whose database is their own, whatever TEST_DATABASE_URL says: the PostgreSQL run would
 * repeat them exactly, so only the PGlite run (`npm test` runs both) has them.
 */
const OWN_DATABASE: Record<string, string> = {
  'src/shutdown.test.ts': 'the server it starts has an embedded database of its own',
};
const pgliteRunOnly = process.env.TEST_DATABASE_URL ? Object.entries(OWN_DATABASE) : [];

const said = globalThis as { isaacSaidNotRun?: boolean }; // the file is loaded more than once per run
if (!said.isaacSaidNotRun) {
  said.isaacSaidNotRun = true;
  for (const [file, vars] of notRunHere)
    console.log(`server: ${file} not run: it needs ${vars.filter((v) => !process.env[v]).join(' and ')}`);
  for (const [file, why] of pgliteRunOnly)
    console.log(`server: ${file} not run on PostgreSQL (the PGlite run has it): ${why}`);
}

/**
 * How much longer a deadline may be when the machine is shared: `npm test` runs its steps side by side (the
 * server suites beside the e2e servers and browsers) and sets TEST_TIMING_SLACK, so a test's time limit and
 * every `until(…)` wait (src/test/helpers.ts) stretch by it. A passing test takes no longer; only a failing
 * one waits longer to fail.
 */
const SLACK = Math.max(1, Number(process.env.TEST_TIMING_SLACK) || 1);

export default defineConfig({
  test: {
    // A test that passed only on its retry is listed at the end with what its failed attempt said.
    reporters: ['default', './scripts/lib/retried-tests-reporter.mjs'],
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...notRunHere.map(([file]) => file),
            ...pgliteRunOnly.map(([file]) => file),
          ],
          environment: 'node',
          testTimeout: 30_000 * SLACK,
          hookTimeout: 60_000 * SLACK,
          // In CI a failed server test is run once more, as Playwright does for the e2e specs: the machine CI
          // runs on is shared, and one timing-bound test starved of CPU must not keep a run from landing.
          // A test that fails twice fails the run; a retried pass is listed as such in the output, and is a
          // bug to find (the last one: a reconnect heard before the old connection's close, fixed in setPresence).
          retry: process.env.CI ? 1 : 0,
          // Files run in parallel (as many workers as cores less one): every test app has a database of
          // its own (an in-memory PGlite, or a PostgreSQL database created for it and dropped after) and
          // listens, when it listens, on a port the system picks.
          pool: 'forks',
          // One worker runs file after file with its modules loaded once (not a fresh process per file):
          // importing the app's module graph was a third of the suite's time. The files share no state but
          // the module cache: every test app is built by createTestApp with its own database and config.
          isolate: false,
          // Migrates one database per run; each test app starts from a copy of it.
          globalSetup: ['src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['**/*.test.mjs'],
          environment: 'node',
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
