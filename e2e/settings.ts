/** Settings the e2e server is started with (playwright.config.ts) that specs also need. */

/** The server secret (the device spec derives a demo device's MQTT secret from it). */
export const E2E_JWT_SECRET = 'e2e-only-jwt-secret-0123456789abcdef0123456789';

/** The embedded broker's port: next to the API's, so runs on other ports can share a machine. */
export const e2eMqttPort = (apiPort: number) => apiPort + 10_000;

/** The demo sensor whose firmware downloads arrive corrupted in e2e runs (SIMULATE_OTA_FAULTS): owner2's. */
export const E2E_FAULTY_SENSOR = 'SKW-2025-1014';
