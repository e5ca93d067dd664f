import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/** Readiness with the device plane, and `/metrics` (issue 28, ADR 062). */
describe('readiness and metrics with the device plane', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { DEVICE_TRANSPORT: 'mqtt', MQTT_PORT: '0', METRICS_TOKEN: 'metrics-token-for-tests' },
    });
  });
  afterAll(() => t.close());

  it('/readyz fails (503) while the broker connection is down, and passes when it is up', async () => {
    const bus = t.app.services.devicePlane!.bus;
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    Object.defineProperty(bus, 'up', { value: false, configurable: true });
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: 'not_ready', message: 'Broker unavailable' });
    Object.defineProperty(bus, 'up', { value: true, configurable: true });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/metrics needs the bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tesTS' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('/metrics answers Prometheus text: requests, latency, broker, messages, ingest queue, leases, outbox', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    // The heartbeat has taken this (only) process's leases.
    await t.app.services.leases.renew();
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/isaac_http_requests_total\{method="GET",route="\/healthz",status="200"\} 1/);
    expect(text).toContain(
      'isaac_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/healthz"}',
    );
    expect(text).toMatch(/isaac_mqtt_broker_up 1/);
    expect(text).toMatch(/isaac_mqtt_connections 0/);
    expect(text).toMatch(/isaac_mqtt_messages_in_total \d+/);
    expect(text).toMatch(/isaac_mqtt_messages_out_total 0/);
    expect(text).toMatch(/isaac_mqtt_messages_dropped_total 0/);
    expect(text).toMatch(/isaac_ingest_queue_depth 0/);
    // Every leased job of this process: telemetry, rollouts, the command sweep, outbox pruning, automations'
    // schedules, device alerts and Web Push.
    expect(text).toMatch(/isaac_job_leases_held 7/);
    expect(text).toMatch(/isaac_job_lease_held\{job="automations.schedules"\} 1/);
    expect(text).toMatch(/isaac_job_lease_held\{job="rollout tick"\} 1/);
    expect(text).toMatch(/isaac_outbox_backlog 0/);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/metrics does not exist (404), token or not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(res.statusCode).toBe(404);
  });
});
