/**
 * `npm run simulate -- --devices N [--types isaac,skywalker,lumos] [--api URL --email E --password P]
 *  [--broker mqtt://host:port] [--latency MS] [--failure-rate 0..1] [--telemetry-every S]
 *  [--save FILE | --credentials FILE]`
 *
 * Simulated ISAAC, SKYWALKER and Lumos devices on the real protocol (issue 13): registers N devices in an
 * owner's home through the API (as an installer would; the answer carries each device's MQTT credentials),
 * or reuses credentials saved by an earlier run, then connects them, acknowledges commands and sends
 * telemetry until Ctrl+C.
 */
import {
  DEVICE_TYPES,
  gangCountForModel,
  type DeviceCreatedResponse,
  type DeviceType,
} from '@isaac/contract';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { RoomAir, SimulatedDevice } from './device.ts';

interface SavedDevice {
  id: string;
  secret: string;
  type: DeviceType;
  gangCount: number;
  url: string;
  name: string;
}

const MODEL: Record<DeviceType, string> = {
  isaac: 'ISAAC Air Purifier',
  skywalker: 'SKYWALKER Air Quality Sensor',
  lumos: 'Lumos 2-Gang',
};

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '3' },
    types: { type: 'string', default: 'isaac,skywalker,lumos' },
    api: { type: 'string', default: 'http://localhost:4000' },
    email: { type: 'string', default: 'owner@isaac.demo' },
    password: { type: 'string', default: 'isaac-demo' },
    broker: { type: 'string' },
    latency: { type: 'string', default: '40' },
    'failure-rate': { type: 'string', default: '0' },
    'telemetry-every': { type: 'string', default: '10' },
    save: { type: 'string' },
    credentials: { type: 'string' },
  },
});

async function signIn(
  api: string,
  email: string,
  password: string,
): Promise<{ token: string; csrf: string; cookie: string }> {
  const csrfResponse = await fetch(`${api}/auth/csrf-token`);
  const cookie = (csrfResponse.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrf_token: csrf } = (await csrfResponse.json()) as { csrf_token: string };
  const login = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed: HTTP ${login.status} ${await login.text()}`);
  return { token: ((await login.json()) as { token: string }).token, csrf, cookie };
}

async function register(count: number, types: DeviceType[]): Promise<SavedDevice[]> {
  const session = await signIn(values.api, values.email, values.password);
  const stamp = Date.now().toString(36);
  const saved: SavedDevice[] = [];
  for (let i = 0; i < count; i += 1) {
    const type = types[i % types.length]!;
    const name = `Simulated ${MODEL[type]} ${i + 1}`;
    const res = await fetch(`${values.api}/api/devices`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session.token}`,
        'x-csrf-token': session.csrf,
        cookie: session.cookie,
      },
      body: JSON.stringify({ name, model: MODEL[type], serial_number: `SIM-${stamp}-${i + 1}`, type }),
    });
    if (!res.ok) throw new Error(`registering ${name} failed: HTTP ${res.status} ${await res.text()}`);
    const created = (await res.json()) as DeviceCreatedResponse;
    if (!created.credentials)
      throw new Error('the server commands devices directly (DEVICE_TRANSPORT=direct): nothing to simulate');
    saved.push({
      id: created.device._id,
      secret: created.credentials.secret,
      type,
      gangCount: gangCountForModel(type, MODEL[type]),
      url: created.credentials.mqtt_url,
      name,
    });
  }
  return saved;
}

async function main() {
  const types = values.types
    .split(',')
    .filter((t): t is DeviceType => (DEVICE_TYPES as readonly string[]).includes(t));
  if (types.length === 0) throw new Error(`--types: choose from ${DEVICE_TYPES.join(', ')}`);
  const saved: SavedDevice[] = values.credentials
    ? (JSON.parse(readFileSync(values.credentials, 'utf8')) as SavedDevice[])
    : await register(Number(values.devices), types);
  if (values.save) writeFileSync(values.save, JSON.stringify(saved, null, 2));
  const rooms = Array.from({ length: Math.ceil(saved.length / 3) }, () => new RoomAir());
  const devices: SimulatedDevice[] = [];
  saved.forEach((device, i) => {
    const room = Math.floor(i / 3);
    devices.push(
      new SimulatedDevice({
        id: device.id,
        secret: device.secret,
        type: device.type,
        gangCount: device.gangCount,
        url: values.broker ?? device.url,
        state: {
          power_on: false,
          gang_states: Array.from({ length: device.gangCount }, () => false),
          fan_speed: device.type === 'isaac' ? 'medium' : null,
        },
        air: rooms[room],
        purifying: () => devices.some((d, j) => Math.floor(j / 3) === room && d.type === 'isaac' && d.isOn),
        ackLatencyMs: Number(values.latency),
        failureRate: Number(values['failure-rate']),
        telemetryEveryMs: Number(values['telemetry-every']) * 1000,
      }),
    );
  });
  await Promise.all(devices.map((device) => device.start()));
  console.log(`simulating ${devices.length} devices on ${values.broker ?? saved[0]?.url ?? '?'}:`);
  for (const device of saved) console.log(`  ${device.type.padEnd(9)} ${device.id}  ${device.name}`);
  if (values.save) console.log(`credentials saved to ${values.save} (reuse them with --credentials)`);
  const stop = async () => {
    await Promise.all(devices.map((device) => device.stop()));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
