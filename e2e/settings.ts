/** Settings the e2e server is started with (playwright.config.ts) that specs also need. */

/** The server secret (the device spec derives a demo device's MQTT secret from it). */
export const E2E_JWT_SECRET = 'e2e-only-jwt-secret-0123456789abcdef0123456789';

/** The embedded broker's port: next to the API's, so runs on other ports can share a machine. */
export const e2eMqttPort = (apiPort: number) => apiPort + 10_000;

/** The demo sensor whose firmware downloads arrive corrupted in e2e runs (SIMULATE_OTA_FAULTS): owner2's. */
export const E2E_FAULTY_SENSOR = 'SKW-2025-1014';

/**
 * TEST_TIMING_SLACK: npm test runs the e2e shards beside the server suites, so a page waits for a busier
 * server; playwright.config.ts stretches its limits by it, and `allowTime` (support.ts) a test's own.
 */
export const TIMING_SLACK = Math.max(1, Number(process.env.TEST_TIMING_SLACK) || 1);
