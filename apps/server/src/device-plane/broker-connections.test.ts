import { ROLE } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { devices } from '../db/schema/index.ts';
import { authed, createTestApp, until } from '../test/helpers.ts';
import { rawSocket, registerDevice, sleep } from '../test/mqtt.ts';
import { selfSignedCertificate } from '../test/tls.ts';

/**
 * The broker's doors (issue 27): connection limits per address, TLS (mqtts), and presence when the server's
 * own connection to an external broker drops.
 */
describe('connection limits', () => {
  it('caps new connections per address per second: sockets over the rate are closed as they are accepted', async () => {
    const t = await createTestApp({
      env: {
        DEVICE_TRANSPORT: 'mqtt',
        MQTT_PORT: '0',
        MQTT_CONNECT_BURST_PER_ADDRESS: '5',
        MQTT_CONNECT_RATE_PER_ADDRESS: '1',
      },
    });
    try {
      const url = t.app.services.devicePlane!.bus.url;
      const sockets = await Promise.all(Array.from({ length: 8 }, () => rawSocket(url)));
      const closedAt = await Promise.all(
        sockets.map((s) => Promise.race([s.closed, sleep(400).then(() => Infinity)])),
      );
      expect(closedAt.filter((ms) => ms < 400)).toHaveLength(3);
      expect(t.app.services.devicePlane!.security.totals.connection_limit).toBe(3);
      for (const { socket } of sockets) socket.destroy();
    } finally {
      await t.close();
    }
  });

  it('caps connections per source address (MQTT_MAX_CONNECTIONS_PER_ADDRESS)', async () => {
    const t = await createTestApp({
      env: { DEVICE_TRANSPORT: 'mqtt', MQTT_PORT: '0', MQTT_MAX_CONNECTIONS_PER_ADDRESS: '3' },
    });
    try {
      const url = t.app.services.devicePlane!.bus.url;
      const open = await Promise.all(Array.from({ length: 3 }, () => rawSocket(url)));
      const fourth = await rawSocket(url);
      expect(await fourth.closed).toBeLessThan(1000);
      expect(t.app.services.devicePlane!.security.totals.connection_limit).toBe(1);
      for (const { socket } of open) socket.destroy();
      await Promise.all(open.map((s) => s.closed));
      const again = await rawSocket(url);
      const stillOpen = await Promise.race([again.closed.then(() => false), sleep(300).then(() => true)]);
      expect(stillOpen).toBe(true);
      again.socket.destroy();
    } finally {
      await t.close();
    }
  });
});

describe('mqtts', () => {
  it('devices connect over TLS when a certificate is configured, and are given the mqtts URL', async () => {
    const tls = selfSignedCertificate();
    const t = await createTestApp({
      env: {
        DEVICE_TRANSPORT: 'mqtt',
        MQTT_PORT: '0',
        MQTT_TLS_PORT: '0',
        MQTT_TLS_CERT_FILE: tls.certFile,
        MQTT_TLS_KEY_FILE: tls.keyFile,
      },
    });
    try {
      const created = await registerDevice(t, {
        name: 'TLS',
        model: 'SKYWALKER Sensor',
        serial_number: `TLS-${Date.now()}`,
        type: 'skywalker',
      });
      expect(created.credentials!.mqtt_url).toMatch(/^mqtts:\/\//);
      const client = await mqtt.connectAsync(created.credentials!.mqtt_url, {
        clientId: created.device._id,
        username: created.device._id,
        password: created.credentials!.secret,
        reconnectPeriod: 0,
        ca: tls.cert,
        servername: 'localhost',
      });
      expect(
        await until(
          async () =>
            (await t.db.select().from(devices).where(eq(devices.id, created.device._id)))[0]!.isConnected,
        ),
      ).toBe(true);
      await client.endAsync();
    } finally {
      await t.close();
    }
  });
});

/** A plain broker standing in for Mosquitto/EMQX (no authentication: the server is one of its clients). */
async function plainBroker(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const aedes = await Aedes.createBroker();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    aedes.handle(socket);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.address() as AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('presence with an external broker', () => {
  it('devices show offline within seconds of the broker connection dropping, and online again when it returns', async () => {
    let broker: Awaited<ReturnType<typeof plainBroker>> | null = await plainBroker(0);
    const url = broker.url;
    const t = await createTestApp({ env: { DEVICE_TRANSPORT: 'mqtt', MQTT_URL: url } });
    try {
      const owner = await authed(t.app, (await t.signIn(ROLE.owner)).token);
      const serial = `EXT-${Date.now()}`;
      const ext = {
        name: 'Ext',
        model: 'SKYWALKER Sensor',
        serial_number: serial,
        type: 'skywalker',
      } as const;
      const id = (await registerDevice(t, ext, owner)).device._id;
      const online = async () =>
        (await t.db.select().from(devices).where(eq(devices.id, id)))[0]!.isConnected;
      const device = await mqtt.connectAsync(url, {
        clientId: id,
        reconnectPeriod: 200,
        will: { topic: `d/${id}/status`, payload: Buffer.from('offline'), retain: true, qos: 1 },
      });
      device.on('error', () => undefined);
      const announce = () => void device.publishAsync(`d/${id}/status`, 'online', { retain: true, qos: 1 });
      device.on('connect', announce);
      announce();
      expect(await until(online)).toBe(true);

      await broker.close();
      broker = null;
      expect(await until(async () => !(await online()), 5000)).toBe(true);
      const toggle = await t.app.inject({ method: 'POST', url: `/api/devices/${id}/toggle`, headers: owner });
      expect(toggle.statusCode).toBe(409);

      broker = await plainBroker(Number(new URL(url).port));
      expect(await until(online, 10_000)).toBe(true);
      await device.endAsync(true);
    } finally {
      await t.close();
      await broker?.close();
    }
  });
});
