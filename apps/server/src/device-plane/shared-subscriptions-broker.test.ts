import { ROLE, type DeviceCreatedResponse } from '@isaac/contract';
import { count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCommands, deviceReadings, devices } from '../db/schema/index.ts';
import { SimulatedDevice } from '../simulator/device.ts';
import { authed, createTestApp, type TestApp, until } from '../test/helpers.ts';

const MQTT_URL = process.env.TEST_MQTT_URL;
// Run by the suite only when TEST_MQTT_URL is set (vitest.config.ts lists what each such file needs).
if (!MQTT_URL)
  throw new Error('set TEST_MQTT_URL (e.g. mqtt://127.0.0.1:1883, Mosquitto ≥ 2) to run this file');

/**
 * Two API apps on one database, both subscribed to one external broker (Mosquitto ≥ 2) in one shared group:
 * each telemetry message is stored exactly once, and a command through either app is acknowledged.
 */
describe('two apps on one broker (TEST_MQTT_URL)', () => {
  // A group of this run only: another run on the same broker must not take our messages.
  const env = {
    DEVICE_TRANSPORT: 'mqtt',
    MQTT_URL: MQTT_URL!,
    MQTT_SHARED_GROUP: `test${process.pid}${Date.now()}`,
    DEVICE_ACK_TIMEOUT_MS: '3000',
  };
  let t: TestApp;
  let second: FastifyInstance;
  let owner: Record<string, string>;
  const running: SimulatedDevice[] = [];

  beforeAll(async () => {
    t = await createTestApp({ env });
    second = await t.startAnother(env);
    owner = await authed(t.app, (await t.signIn(ROLE.owner)).token);
  });
  afterAll(async () => {
    for (const device of running) await device.stop().catch(() => undefined);
    await second?.close();
    await t?.close();
  });

  async function addDevice(n: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: owner,
      payload: {
        name: `Shared ${n}`,
        model: 'ISAAC Air Purifier',
        serial_number: `SS-${process.pid}-${Date.now()}-${n}`,
        type: 'isaac',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<DeviceCreatedResponse>();
    const device = new SimulatedDevice({
      id: created.device._id,
      secret: created.credentials!.secret,
      type: 'isaac',
      gangCount: 0,
      url: MQTT_URL!,
      state: { power_on: false, gang_states: [], fan_speed: 'medium' },
      ackLatencyMs: 5,
    });
    await device.start();
    running.push(device);
    return { id: created.device._id, device };
  }

  it('N readings from several devices are stored exactly once, split between the two apps', async () => {
    const fleet = await Promise.all([1, 2, 3, 4].map((n) => addDevice(n)));
    const ids = fleet.map((d) => d.id);
    const before = [t.app, second].map((app) => app.services.devicePlane!.ingest.stats.stored);
    const perDevice = 50;
    const start = Date.now() - 60_000;
    for (let i = 0; i < perDevice; i += 1) {
      for (const { device } of fleet) await device.sendTelemetry(10, new Date(start + i * 1000));
    }
    const total = perDevice * fleet.length;
    const stored = async () =>
      (
        await t.db.select({ n: count() }).from(deviceReadings).where(inArray(deviceReadings.deviceId, ids))
      )[0]!.n;
    expect(await until(async () => (await stored()) >= total, 10_000)).toBe(true);
    // Nothing arrives late as a duplicate.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await stored()).toBe(total);
    const byApp = [t.app, second].map((app, i) => app.services.devicePlane!.ingest.stats.stored - before[i]!);
    expect(byApp[0]! + byApp[1]!).toBe(total);
    // The broker split the stream: both apps stored some.
    expect(byApp[0]).toBeGreaterThan(0);
    expect(byApp[1]).toBeGreaterThan(0);
  });

  it('a toggle through either app is acknowledged (the ack reaches the app whose request waits)', async () => {
    const { id, device } = await addDevice(9);
    expect(
      await until(
        async () => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]?.isConnected === true,
        10_000,
      ),
    ).toBe(true);
    for (const [i, app] of [t.app, second, t.app, second].entries()) {
      const res = await app.inject({ method: 'POST', url: `/api/devices/${id}/toggle`, headers: owner });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ device: { power_on: i % 2 === 0 } });
      expect(device.state.power_on).toBe(i % 2 === 0);
    }
    const commands = await t.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, id));
    expect(commands.map((c) => c.status)).toEqual(['acked', 'acked', 'acked', 'acked']);
  });
});
