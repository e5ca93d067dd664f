import type { AutomationDefinitionInput, DeviceCreatedResponse } from '@isaac/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { devices } from '../db/schema/index.ts';
import { SimulatedDevice } from '../simulator/device.ts';
import { type TestApp, until } from './helpers.ts';

/** What the automation tests build their homes from: devices added the owner's way, rules, devices online. */
type Headers = Record<string, string>;
let serial = 0;

/** Adds a device to the signed-in owner's home through the API. */
export async function addDevice(
  t: TestApp,
  owner: Headers,
  type: 'isaac' | 'lumos' | 'skywalker',
  model: string,
): Promise<DeviceCreatedResponse> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/devices',
    headers: owner,
    payload: {
      name: `${type} ${++serial}`,
      model,
      serial_number: `AU-${process.pid}-${Date.now()}-${serial}`,
      type,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DeviceCreatedResponse>();
}

/** `POST /api/automations` as `headers`. */
export const createAutomation = (t: TestApp, headers: Headers, payload: AutomationDefinitionInput) =>
  t.app.inject({ method: 'POST', url: '/api/automations', headers, payload });

/**
 * A simulated device for `created` connected to the test app's broker (off, quick to acknowledge), once the
 * server has it online; kept in `running` so the suite stops it.
 */
export async function connectDevice(
  t: TestApp,
  created: DeviceCreatedResponse,
  running: SimulatedDevice[],
): Promise<SimulatedDevice> {
  const device = new SimulatedDevice({
    id: created.device._id,
    secret: created.credentials!.secret,
    type: created.device.type,
    gangCount: created.device.gangs.length,
    url: created.credentials!.mqtt_url,
    state: {
      power_on: false,
      gang_states: [],
      fan_speed: created.device.type === 'isaac' ? 'medium' : null,
    },
    ackLatencyMs: 5,
  });
  await device.start();
  running.push(device);
  expect(
    await until(
      async () =>
        (await t.db.select().from(devices).where(eq(devices.id, created.device._id)))[0]?.isConnected ===
        true,
    ),
  ).toBe(true);
  return device;
}
