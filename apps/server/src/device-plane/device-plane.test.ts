import { API_MSG, ERROR_CODE, ROLE, type DeviceCreatedResponse } from '@isaac/contract';
import { and, eq, inArray } from 'drizzle-orm';
import mqtt from 'mqtt';
import { generate } from 'mqtt-packet';
import { connect as tcpConnect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deviceCommands, deviceReadings, devices, rooms } from '../db/schema/index.ts';
import { setPresence } from '../modules/devices/store.ts';
import { SimulatedDevice } from '../simulator/device.ts';
import { authed, createTestApp, type TestApp, until } from '../test/helpers.ts';

/**
 * The device plane over a real broker (issue 13): the embedded aedes broker, and — when TEST_MQTT_URL is set
 * (CI: the machine's Mosquitto) — an external one, where the server is a privileged client.
 */
const BROKERS: Array<{ name: string; env: Record<string, string> }> = [
  { name: 'embedded broker', env: {} },
  ...(process.env.TEST_MQTT_URL
    ? [{ name: 'external broker (Mosquitto)', env: { MQTT_URL: process.env.TEST_MQTT_URL } }]
    : []),
];

describe.each(BROKERS)('device plane on the $name', ({ name, env }) => {
  let t: TestApp;
  let owner: Record<string, string>;
  const running: SimulatedDevice[] = [];
  let serial = 0;
  const external = name.startsWith('external');

  beforeAll(async () => {
    t = await createTestApp({
      env: { DEVICE_TRANSPORT: 'mqtt', MQTT_PORT: '0', DEVICE_ACK_TIMEOUT_MS: '600', ...env },
    });
    owner = await authed(t.app, (await t.signIn(ROLE.owner)).token);
  });
  afterAll(async () => {
    for (const device of running) await device.stop().catch(() => undefined);
    await t.close();
  });

  async function addDevice(type: 'isaac' | 'lumos' | 'skywalker' = 'isaac', model = 'ISAAC Air Purifier') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: owner,
      payload: {
        name: `Dev ${++serial}`,
        model,
        serial_number: `DP-${process.pid}-${Date.now()}-${serial}`,
        type,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<DeviceCreatedResponse>();
  }

  async function connect(
    created: DeviceCreatedResponse,
    options: Partial<ConstructorParameters<typeof SimulatedDevice>[0]> = {},
  ) {
    const device = new SimulatedDevice({
      id: created.device._id,
      secret: created.credentials!.secret,
      type: created.device.type,
      gangCount: created.device.gangs.length,
      url: external ? env.MQTT_URL! : created.credentials!.mqtt_url,
      state: {
        power_on: false,
        gang_states: created.device.gangs.map(() => false),
        fan_speed: created.device.type === 'isaac' ? 'medium' : null,
      },
      ackLatencyMs: 5,
      ...options,
    });
    await device.start();
    running.push(device);
    const online = await until(
      async () =>
        (await t.db.select().from(devices).where(eq(devices.id, created.device._id)))[0]?.isConnected ===
        true,
    );
    expect(online, 'the device comes online').toBe(true);
    return device;
  }

  const row = async (id: string) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!;

  it('issues credentials at registration (secret shown once, hashed) and takes presence from the broker', async () => {
    const created = await addDevice();
    expect(created.credentials?.secret).toMatch(/^isaac_ds_/);
    expect((await row(created.device._id)).isConnected).toBe(false);
    const device = await connect(created);
    const connected = await row(created.device._id);
    expect(connected.connectedAt).not.toBeNull();
    device.kill();
    expect(await until(async () => (await row(created.device._id)).isConnected === false)).toBe(true);
    expect((await row(created.device._id)).disconnectedAt).not.toBeNull();
  });

  if (!external)
    it('presence comes from the connection itself: a device that says nothing is online while connected', async () => {
      const created = await addDevice();
      const quiet = await mqtt.connectAsync(created.credentials!.mqtt_url, {
        clientId: created.device._id,
        username: created.device._id,
        password: created.credentials!.secret,
        reconnectPeriod: 0,
      });
      expect(await until(async () => (await row(created.device._id)).isConnected)).toBe(true);
      quiet.end(true);
      expect(await until(async () => !(await row(created.device._id)).isConnected)).toBe(true);
    });

  it('a reconnect heard before the old connection ends is still a new connection: connectedAt moves, the device stays online', async () => {
    const created = await addDevice();
    const plane = t.app.services.devicePlane!;
    const id = created.device._id;
    await plane.bus.publish(`d/${id}/status`, 'online');
    expect(await until(async () => (await row(id)).isConnected)).toBe(true);
    const first = (await row(id)).connectedAt!;
    t.clock.advance(5_000);
    // The rebooted device says 'online' while its first connection's close is still on its way.
    await plane.bus.publish(`d/${id}/status`, 'online');
    expect(
      await until(async () => (await row(id)).connectedAt!.getTime() > first.getTime()),
      'connectedAt stamped by the second connection',
    ).toBe(true);
    expect((await row(id)).isConnected).toBe(true);
    // A retained 'online' the broker replays when the server subscribes anew is no new connection.
    const second = (await row(id)).connectedAt!;
    t.clock.advance(5_000);
    expect(await setPresence(t.db, id, true, t.clock.now(), true)).toBeUndefined();
    expect((await row(id)).connectedAt).toEqual(second);
  });

  if (!external)
    it('a device that goes silent (no packets, socket left open) is Offline once its keep-alive lapses', async () => {
      const created = await addDevice();
      const url = new URL(created.credentials!.mqtt_url);
      // A raw CONNECT with a 1 s keep-alive, then nothing: no PINGREQ ever (a device that hung).
      const socket = tcpConnect(Number(url.port), url.hostname);
      socket.on('error', () => undefined);
      socket.write(
        generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: created.device._id,
          username: created.device._id,
          password: Buffer.from(created.credentials!.secret),
          keepalive: 1,
        }),
      );
      expect(await until(async () => (await row(created.device._id)).isConnected)).toBe(true);
      // aedes allows 1.5 × the keep-alive before it drops the client.
      expect(await until(async () => !(await row(created.device._id)).isConnected, 5000)).toBe(true);
      socket.destroy();
    });

  it('a quick run of offline/online statuses ends in the last one: each is stored in the order it arrived', async () => {
    const created = await addDevice();
    const plane = t.app.services.devicePlane!;
    for (const last of ['online', 'offline'] as const) {
      const before = plane.stats.received;
      const statuses = Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0) === (last === 'online') ? 'offline' : 'online',
      );
      expect(statuses.at(-1)).toBe(last);
      for (const status of statuses) await plane.bus.publish(`d/${created.device._id}/status`, status);
      expect(await until(async () => plane.stats.received >= before + statuses.length)).toBe(true);
      // Every message heard; once the writes they queued are done, the stored presence is the last status.
      await plane.written(created.device._id);
      expect((await row(created.device._id)).isConnected, `after a run ending ${last}`).toBe(
        last === 'online',
      );
    }
  });

  it('a toggle is delivered, acknowledged, and answered with the state the device reports; recorded as acked', async () => {
    const created = await addDevice();
    const device = await connect(created);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${created.device._id}/toggle`,
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ device: { power_on: true } });
    expect(device.state.power_on).toBe(true);
    const [command] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, created.device._id));
    expect(command).toMatchObject({ status: 'acked', channel: 'api' });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, created.device._id), eq(auditLog.action, 'device.command')));
    expect(entry?.changes).toMatchObject({
      power_on: { before: false, after: true },
      outcome: { after: 'acked' },
    });
  });

  it('a Lumos gang is commanded on its own', async () => {
    const created = await addDevice('lumos', 'Lumos 3-Gang');
    const device = await connect(created);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${created.device._id}/gang/1/toggle`,
      headers: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(device.state.gang_states).toEqual([false, true, false]);
    expect((await row(created.device._id)).gangStates).toEqual([false, true, false]);
  });

  it("an offline device answers at once 'Device is offline' and nothing changes", async () => {
    const created = await addDevice();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${created.device._id}/toggle`,
      headers: owner,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: ERROR_CODE.deviceOffline, message: API_MSG.deviceOffline });
    expect((await row(created.device._id)).powerOn).toBe(false);
  });

  it("a device that does not answer in time: 'Device did not respond', the stored state is still its last report", async () => {
    const created = await addDevice();
    await connect(created, { ackLatencyMs: 2000 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${created.device._id}/toggle`,
      headers: owner,
    });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ error: ERROR_CODE.deviceTimeout, message: API_MSG.deviceNoResponse });
    const stored = await row(created.device._id);
    expect(stored.powerOn).toBe(false);
    expect(stored.desiredState).toMatchObject({ power_on: true });
    const [command] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, created.device._id));
    expect(command?.status).toBe('expired');
  });

  it('a refused command is answered with the reason and recorded as failed', async () => {
    const created = await addDevice();
    await connect(created, { failureRate: 1 });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${created.device._id}/toggle`,
      headers: owner,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: ERROR_CODE.deviceRefused });
    const [command] = await t.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, created.device._id));
    expect(command?.status).toBe('failed');
  });

  it('telemetry is stored in batches and the latest PM2.5 lands on the device; malformed messages are dropped', async () => {
    const created = await addDevice('skywalker', 'SKYWALKER');
    const device = await connect(created);
    const before = t.app.services.devicePlane!.stats.malformed;
    for (let i = 0; i < 40; i += 1) await device.sendTelemetry(10, new Date(Date.now() - (40 - i) * 10_000));
    const stored = () =>
      t.db.select().from(deviceReadings).where(eq(deviceReadings.deviceId, created.device._id));
    expect(await until(async () => (await stored()).length === 40)).toBe(true);
    const client = await mqtt
      .connectAsync(external ? env.MQTT_URL! : created.credentials!.mqtt_url, {
        clientId: created.device._id,
        username: created.device._id,
        password: created.credentials!.secret,
      })
      .catch(() => null);
    // A second connection of the same device replaces the first (the simulated one reconnects by itself).
    expect(client).not.toBeNull();
    await client!.publishAsync(`d/${created.device._id}/telemetry`, 'not json', { qos: 1 });
    await client!.publishAsync(`d/${created.device._id}/telemetry`, JSON.stringify({ pm25: -5 }), { qos: 1 });
    await client!.endAsync();
    // Counted and dropped: nothing stored, nothing crashed.
    expect(await until(() => t.app.services.devicePlane!.stats.malformed >= before + 2)).toBe(true);
    expect((await stored()).length).toBe(40);
    expect((await row(created.device._id)).pm25).not.toBeNull();
  });

  it('a purifier marks the filter fitted at its first report; a jump in life is a new filter, in the activity log', async () => {
    const created = await addDevice();
    const purifier = await connect(created);
    const report = (filter_life: number) =>
      t.app.services.devicePlane!.bus.publish(`d/${purifier.id}/telemetry`, JSON.stringify({ filter_life }));
    await report(40);
    expect(await until(async () => (await row(purifier.id)).filterLife === 40)).toBe(true);
    expect(await row(purifier.id)).toMatchObject({ filterFittedLife: 40 });
    await report(39);
    expect(await until(async () => (await row(purifier.id)).filterLife === 39)).toBe(true);
    expect(await row(purifier.id)).toMatchObject({ filterFittedLife: 40 });
    await report(100);
    expect(await until(async () => (await row(purifier.id)).filterFittedLife === 100)).toBe(true);
    const replaced = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, purifier.id), eq(auditLog.action, 'device.filter_replaced')));
    expect(await until(async () => (await replaced()).length === 1)).toBe(true);
    expect((await replaced())[0]).toMatchObject({
      channel: 'device',
      changes: { filter_life: { before: 39, after: 100 } },
    });
  });

  it("auto mode (an automation): a sensor above the threshold switches its room's purifier on (audited); back below by the hysteresis, off", async () => {
    const sensorCreated = await addDevice('skywalker', 'SKYWALKER');
    const purifierCreated = await addDevice();
    const [room] = await t.db
      .insert(rooms)
      .values({
        name: 'Living room',
        type: 'living_room',
        userId: (await row(purifierCreated.device._id)).userId!,
      })
      .returning();
    await t.db
      .update(devices)
      .set({ roomId: room!.id })
      .where(inArray(devices.id, [sensorCreated.device._id, purifierCreated.device._id]));
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${purifierCreated.device._id}/auto-mode`,
      headers: owner,
      payload: { threshold: 80 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ device: { auto_threshold: 80 } });
    const sensorAuto = await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${sensorCreated.device._id}/auto-mode`,
      headers: owner,
      payload: { threshold: 80 },
    });
    expect(sensorAuto.statusCode).toBe(400);
    // Auto mode is an automation of the engine, watching the room's sensor; the Automations page lists it.
    const listed = await t.app.inject({ method: 'GET', url: '/api/automations', headers: owner });
    expect(listed.json().automations).toContainEqual(
      expect.objectContaining({
        auto_mode_for: purifierCreated.device._id,
        trigger: expect.objectContaining({ device_id: sensorCreated.device._id, value: 80 }),
      }),
    );

    const sensor = await connect(sensorCreated);
    const purifier = await connect(purifierCreated);
    const report = async (pm25: number) => {
      await t.app.services.devicePlane!.bus.publish(`d/${sensor.id}/telemetry`, JSON.stringify({ pm25 }));
    };
    await report(120);
    expect(await until(() => purifier.state.power_on)).toBe(true);
    // The command is audited once its acknowledgement is in (just after the device reports its state).
    const commanded = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, purifier.id), eq(auditLog.action, 'device.command')));
    expect(await until(async () => (await commanded()).length === 1)).toBe(true);
    expect((await commanded())[0]).toMatchObject({ channel: 'automation' });

    await report(75); // inside the hysteresis (80 − 8): stays on
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(purifier.state.power_on).toBe(true);
    await report(50);
    expect(await until(() => !purifier.state.power_on)).toBe(true);
  });

  // Topic authorisation is the embedded broker's (an external broker's is its own configuration: README).
  if (!external)
    it("a device may not publish to another device's topics, command anyone, or subscribe to #", async () => {
      const a = await addDevice();
      const b = await addDevice();
      await connect(b);
      const intruder = await mqtt.connectAsync(a.credentials!.mqtt_url, {
        clientId: a.device._id,
        username: a.device._id,
        password: a.credentials!.secret,
        reconnectPeriod: 0,
      });
      intruder.on('error', () => undefined);
      // Refused: granted nothing (SUBACK 0x80), which MQTT.js reports as an error.
      await expect(intruder.subscribeAsync('#')).rejects.toThrow(/Subscribe error/);
      await intruder
        .publishAsync(`d/${b.device._id}/state`, JSON.stringify({ power_on: true }))
        .catch(() => undefined);
      await intruder
        .publishAsync(
          `d/${b.device._id}/cmd/x`,
          JSON.stringify({ desired: { power_on: true, gang_states: [], fan_speed: null }, issued_at: 'now' }),
        )
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await row(b.device._id)).powerOn).toBe(false);
      await intruder.endAsync(true);
      // Wrong secret, and a username that is not the client id: refused.
      await expect(
        mqtt.connectAsync(a.credentials!.mqtt_url, {
          clientId: a.device._id,
          username: a.device._id,
          password: 'wrong',
          reconnectPeriod: 0,
        }),
      ).rejects.toThrow();
      await expect(
        mqtt.connectAsync(a.credentials!.mqtt_url, {
          clientId: b.device._id,
          username: a.device._id,
          password: a.credentials!.secret,
          reconnectPeriod: 0,
        }),
      ).rejects.toThrow();
    });
});
