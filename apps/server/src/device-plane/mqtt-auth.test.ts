import { type DeviceCreatedResponse } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { registerDevice } from '../test/mqtt.ts';

/** EMQX's HTTP authentication / authorisation against our device credentials (an external broker, issue 13). */
describe('POST /api/mqtt/auth and /api/mqtt/acl', () => {
  let t: TestApp;
  let device: DeviceCreatedResponse;
  const broker = { authorization: 'Bearer broker-token-0123456789' };
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        DEVICE_TRANSPORT: 'mqtt',
        MQTT_PORT: '0',
        MQTT_HTTP_AUTH_TOKEN: 'broker-token-0123456789',
        MQTT_USERNAME: 'isaac-server',
        MQTT_PASSWORD: 'server-secret',
      },
    });
    device = await registerDevice(t, {
      name: 'Hall',
      model: 'ISAAC Air Purifier',
      serial_number: `AUTH-${Date.now()}`,
      type: 'isaac',
    });
  });
  afterAll(() => t.close());

  const auth = (body: object, headers = broker) =>
    t.app.inject({ method: 'POST', url: '/api/mqtt/auth', headers, payload: body });
  const acl = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/mqtt/acl', headers: broker, payload: body });

  it('allows a device with its secret (username = client id), the server as superuser; denies the rest', async () => {
    const id = device.device._id;
    const secret = device.credentials!.secret;
    expect((await auth({ clientid: id, username: id, password: secret })).json()).toEqual({
      result: 'allow',
      is_superuser: false,
    });
    expect((await auth({ clientid: id, username: id, password: 'wrong' })).json()).toMatchObject({
      result: 'deny',
    });
    expect((await auth({ clientid: 'other', username: id, password: secret })).json()).toMatchObject({
      result: 'deny',
    });
    expect(
      (await auth({ clientid: 'srv', username: 'isaac-server', password: 'server-secret' })).json(),
    ).toEqual({
      result: 'allow',
      is_superuser: true,
    });
    const noToken = await auth(
      { clientid: id, username: id, password: secret },
      { authorization: 'Bearer nope' },
    );
    expect(noToken.statusCode).toBe(401);
  });

  it('confines a device to its own topics', async () => {
    const id = device.device._id;
    const ask = async (topic: string, action: 'publish' | 'subscribe') =>
      (await acl({ clientid: id, username: id, topic, action })).json<{ result: string }>().result;
    expect(await ask(`d/${id}/telemetry`, 'publish')).toBe('allow');
    expect(await ask(`d/${id}/ack/abc`, 'publish')).toBe('allow');
    expect(await ask(`d/${id}/cmd/abc`, 'publish')).toBe('deny');
    expect(await ask('d/another/state', 'publish')).toBe('deny');
    expect(await ask(`d/${id}/cmd/+`, 'subscribe')).toBe('allow');
    expect(await ask('#', 'subscribe')).toBe('deny');
    expect(await ask('d/+/telemetry', 'subscribe')).toBe('deny');
  });
});
