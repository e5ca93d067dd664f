import { ROLE, type Device } from '@isaac/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESSION_THRESHOLD_BYTES } from './app.ts';
import { authed, createTestApp, type TestApp } from './test/helpers.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const { token } = await t.signIn(ROLE.owner);
  headers = await authed(t.app, token);
  for (let i = 1; i <= 6; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers,
      payload: {
        name: `Purifier ${i}`,
        model: 'ISAAC Air Purifier',
        serial_number: `SN-GZ-${process.pid}-${i}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const listDevices = (acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/devices?page=1&page_size=6',
    headers: acceptEncoding ? { ...headers, 'accept-encoding': acceptEncoding } : headers,
  });

describe('API response compression', () => {
  it('sends a JSON body over the threshold with brotli when accepted, the same JSON once decoded', async () => {
    const plain = await listDevices();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES);

    const br = await listDevices('br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const decoded = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8')) as { devices: Device[] };
    expect(decoded).toEqual(plain.json());
    expect(decoded.devices).toHaveLength(6);
  });

  it('falls back to gzip', async () => {
    const gz = await listDevices('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual((await listDevices()).json());
  });

  it('leaves small bodies as they are', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/current-user',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
