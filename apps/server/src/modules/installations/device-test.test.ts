import { API_MSG, ELECTRICIAN_MSG, ROLE, type Installation } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceCommands, devices, electricianCustomers } from '../../db/schema/index.ts';
import { SimulatedDevice } from '../../simulator/device.ts';
import { authed, createTestApp, type TestApp, until } from '../../test/helpers.ts';

/**
 * Completion waits for each device's answer to a test command (issue 34), over the real device plane: the
 * electrician's test reaches a simulated device on the embedded broker, and only its acknowledgement marks
 * the device tested. An offline device, one that refuses and one that never answers stay untested.
 */
describe("an installation's device test, over the device plane", () => {
  let t: TestApp;
  let electrician: Record<string, string>;
  let ownerId: string;
  const running: SimulatedDevice[] = [];
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp({
      env: { DEVICE_TRANSPORT: 'mqtt', MQTT_PORT: '0', DEVICE_ACK_TIMEOUT_MS: '600' },
    });
    const e = await t.signIn(ROLE.electrician);
    const owner = await t.signIn(ROLE.owner);
    ownerId = owner.user.id;
    electrician = await authed(t.app, e.token);
    await t.db.insert(electricianCustomers).values({ electricianId: e.user.id, customerId: ownerId });
  });
  afterAll(async () => {
    for (const device of running) await device.stop().catch(() => undefined);
    await t.close();
  });

  /** A device of the customer's, WiFi set; connected as a simulated device unless `offline`. */
  async function customerDevice(
    type: 'isaac' | 'lumos',
    options: { offline?: boolean; ackLatencyMs?: number; failureRate?: number } = {},
  ) {
    const gangCount = type === 'lumos' ? 2 : 0;
    const [row] = await t.db
      .insert(devices)
      .values({
        name: `${type} ${++serial}`,
        model: type === 'lumos' ? 'Lumos 2-Gang' : 'ISAAC Air Purifier',
        serialNumber: `TEST-CMD-${process.pid}-${serial}`,
        type,
        gangCount,
        gangStates: type === 'lumos' ? [true, false] : [],
        userId: ownerId,
        wifiConfigured: true,
        lastSeenAt: new Date(),
      })
      .returning();
    if (options.offline) return { id: row!.id, device: null };
    const device = new SimulatedDevice({
      id: row!.id,
      secret: await t.app.services.deviceCredentials.issue(row!.id),
      type,
      gangCount,
      url: t.app.services.devicePlane!.bus.url,
      state: {
        power_on: type === 'lumos',
        gang_states: type === 'lumos' ? [true, false] : [],
        fan_speed: null,
      },
      ackLatencyMs: options.ackLatencyMs ?? 1,
      failureRate: options.failureRate ?? 0,
    });
    await device.start();
    running.push(device);
    expect(
      await until(
        async () => (await t.db.select().from(devices).where(eq(devices.id, row!.id)))[0]!.isConnected,
        10_000,
      ),
    ).toBe(true);
    return { id: row!.id, device };
  }

  const post = (url: string) => t.app.inject({ method: 'POST', url, headers: electrician, payload: {} });

  /** The customer's installation, started by the electrician: every device of the home in it. */
  async function startInstallation() {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/electrician/installations',
      headers: electrician,
      payload: { customer_id: ownerId },
    });
    expect(started.statusCode, started.body).toBe(201);
    const installation = started.json().installation as Installation;
    return { installation, url: `/api/electrician/installations/${installation._id}` };
  }

  it('a device that answers is tested (its state unchanged); completion then goes through', async () => {
    const purifier = await customerDevice('isaac');
    const lumos = await customerDevice('lumos');
    const { installation, url } = await startInstallation();
    expect(installation.devices.map((d) => d.missing)).toEqual([['test'], ['test']]);

    const refused = await post(`${url}/complete`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('(no test command answered yet)');

    for (const { id, device } of [purifier, lumos]) {
      const tested = await post(`${url}/devices/${id}/test`);
      expect(tested.statusCode, tested.body).toBe(200);
      expect(tested.json().message).toBe(ELECTRICIAN_MSG.deviceTested);
      const line = (tested.json().installation as Installation).devices.find((d) => d.device_id === id);
      expect(line?.missing).toEqual([]);
      // the command reached the device and changed nothing the customer would notice
      expect(device!.stats.commands).toBeGreaterThanOrEqual(1);
    }
    expect(lumos.device!.state.gang_states).toEqual([true, false]);
    expect(purifier.device!.state.power_on).toBe(false);
    const acked = await t.db
      .select()
      .from(deviceCommands)
      .where(and(eq(deviceCommands.deviceId, purifier.id), eq(deviceCommands.status, 'acked')));
    expect(acked).toHaveLength(1);
    const recorded = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, installation._id), eq(auditLog.action, 'installation.device_tested')));
    expect(recorded).toHaveLength(2);

    const done = await post(`${url}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    // a completed installation takes no more tests
    expect((await post(`${url}/devices/${purifier.id}/test`)).statusCode).toBe(409);
  });

  it('offline: 409 "Device is offline"; refused: 400 with the reason; silent: 504 — none counts as tested', async () => {
    const offline = await customerDevice('isaac', { offline: true });
    const refusing = await customerDevice('isaac', { failureRate: 1 });
    const silent = await customerDevice('isaac', { ackLatencyMs: 5000 });
    const { url } = await startInstallation();

    const off = await post(`${url}/devices/${offline.id}/test`);
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe(API_MSG.deviceOffline);
    const no = await post(`${url}/devices/${refusing.id}/test`);
    expect(no.statusCode).toBeGreaterThanOrEqual(400);
    expect(no.statusCode).toBeLessThan(500);
    const quiet = await post(`${url}/devices/${silent.id}/test`);
    expect(quiet.statusCode).toBe(504);
    expect(quiet.json().message).toBe(API_MSG.deviceNoResponse);

    const shown = (await t.app.inject({ method: 'GET', url, headers: electrician })).json()
      .installation as Installation;
    for (const id of [offline.id, refusing.id, silent.id])
      expect(shown.devices.find((d) => d.device_id === id)?.missing).toContain('test');
    // a device that is not in the installation is not found
    const stranger = await customerDevice('isaac', { offline: true });
    expect((await post(`${url}/devices/${stranger.id}/test`)).statusCode).toBe(404);
  });
});
