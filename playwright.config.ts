import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_FAULTY_SENSOR, E2E_JWT_SECRET, e2eMqttPort, TIMING_SLACK } from './e2e/settings';

/**
 * End-to-end tests against the built app (`npm test` runs `npm run build` first): one process serves the
 * web on 3100 and the API on 4100, on a fresh embedded database with the demo data. Debian's Chromium is
 * used (its headless shell when installed); Playwright never downloads a browser. `npm test`
 * (scripts/test-all.mjs) runs the specs in shards (`--shard=k/n`), each a run of its own with its own ports,
 * server and fresh demo data (E2E_SHARD names it).
 */
// Overridable so that two runs (or a run and a dev server) can share a machine.
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3100);
const API_PORT = Number(process.env.E2E_API_PORT ?? 4100);
const CI = Boolean(process.env.CI);
// npm test runs the shards beside the server suites (TEST_TIMING_SLACK, vitest.config.ts): a page waits for a
// busier server, so the limits stretch; a passing test takes no longer.
const SLACK = TIMING_SLACK;
// Debian's headless build of the same Chromium (package chromium-headless-shell, ADR 077): what Playwright
// itself runs headless tests on. It draws no browser window, so a test costs its pages' work and little
// else; /usr/bin/chromium (the full browser) when it is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
// Shards running at once keep their results apart (the runner empties its output folder when it starts).
const SHARD = process.env.E2E_SHARD ? `-${process.env.E2E_SHARD}` : '';
// A fresh data directory per run (the config file is also loaded by workers; only the runner starts the server).
const dataDir = process.env.E2E_DATA_DIR
  ? `${process.env.E2E_DATA_DIR}${SHARD}`
  : join(tmpdir(), `isaac-e2e-data-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e${SHARD}`,
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 30_000 * SLACK,
  expect: { timeout: 10_000 * SLACK },
  reporter: CI ? [['list'], ['html', { open: 'never', outputFolder: `playwright-report${SHARD}` }]] : 'list',
  use: {
    baseURL: `http://localhost:${WEB_PORT}`,
    browserName: 'chromium',
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    // Recording a trace (a DOM snapshot at every action, a screencast) is a third of a passing test's CPU, so
    // CI records it on the retry of a failed test (ADR 078); a run on a laptop keeps one for every failure.
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    // A fresh context per test would install the service worker and precache the whole build each time (ADR
    // 077); the offline spec, which is about the worker, allows it (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node apps/server/dist/server.js',
    url: `http://localhost:${API_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(WEB_PORT),
      API_PORT: String(API_PORT),
      PUBLIC_API_URL: `http://localhost:${API_PORT}`,
      WEB_ORIGIN: `http://localhost:${WEB_PORT}`,
      DEMO: 'true',
      // The embedded broker next to the API's port (runs on other ports can share a machine).
      MQTT_PORT: String(e2eMqttPort(API_PORT)),
      // Known to the device spec, which connects a demo device with its (derived) credentials.
      JWT_SECRET: E2E_JWT_SECRET,
      // One demo sensor (owner2's) corrupts its download: the rollout spec sees it end FAILED with its reason.
      // Every spec's contact messages come from one browser (one IP).
      CONTACT_MESSAGES_PER_10_MINUTES: '50',
      SIMULATE_OTA_FAULTS: `${E2E_FAULTY_SENSOR}:wrong-checksum`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  },
});
