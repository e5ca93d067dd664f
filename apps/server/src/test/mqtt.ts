/** Test helpers for the broker suites: devices registered over the API, raw sockets to the broker (imported by *.test.ts only). */
import { ROLE, type DeviceCreatedResponse, type DeviceType } from '@isaac/contract';
import { connect as tcpConnect, type Socket } from 'node:net';
import { authed, type TestApp } from './helpers.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A raw socket to the broker that reports when the server closed it. */
export function rawSocket(url: string): Promise<{ socket: Socket; closed: Promise<number> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(Number(port), hostname, () => {
      const started = Date.now();
      const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
      resolve({ socket, closed });
    });
    socket.on('error', (error) => {
      if (!socket.connecting) return;
      reject(error);
    });
  });
}

/**
 * An owner (`owner`'s headers, else a new owner) registers a device through the owner API; answers the device
 * and its MQTT credentials.
 */
export async function registerDevice(
  t: TestApp,
  device: { name: string; model: string; serial_number: string; type: DeviceType },
  owner?: Record<string, string>,
): Promise<DeviceCreatedResponse> {
  owner ??= await authed(t.app, (await t.signIn(ROLE.owner)).token);
  const res = await t.app.inject({ method: 'POST', url: '/api/devices', headers: owner, payload: device });
  return res.json<DeviceCreatedResponse>();
}
