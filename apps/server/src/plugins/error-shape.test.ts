/**
 * Every error the API answers, including the ones Fastify and Node's HTTP parser raise before a route
 * runs, is the one body `{error, message, details?}` (ADR 004, ADR 016), and never echoes a huge input.
 */
import { connect } from 'node:net';
import { ROLE } from '@isaac/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, type TestApp } from '../test/helpers.ts';
import { ERROR_MESSAGES, MAX_ECHO_LENGTH, MAX_PARAM_LENGTH } from './errors.ts';

let t: TestApp;
let owner: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await authed(t.app, (await t.signIn(ROLE.owner)).token);
});
afterAll(() => t.close());

const HUGE = 'x'.repeat(20_000);

/** Only `error`, `message` and (optionally) `details`: the one error shape. */
function expectErrorShape(body: Record<string, unknown>, error: string) {
  expect(Object.keys(body).sort()).toEqual(
    Object.keys(body).includes('details') ? ['details', 'error', 'message'] : ['error', 'message'],
  );
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
}

describe('errors raised before any route runs', () => {
  it('414: a path parameter over the limit, without echoing the path', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/devices/${HUGE}/toggle`, headers: owner });
    expect(res.statusCode).toBe(414);
    expectErrorShape(res.json(), 'uri_too_long');
    expect(res.json().message).toBe(ERROR_MESSAGES.uriTooLong);
    expect(res.body.length).toBeLessThan(300);
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('a parameter at the limit is routed as usual (404 for an unknown device)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/${'x'.repeat(MAX_PARAM_LENGTH)}/toggle`,
      headers: owner,
    });
    expect(res.statusCode).not.toBe(414);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('400: malformed percent-encoding in the path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/devices/%E0%A4%A${HUGE}/toggle`,
      headers: owner,
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'bad_request');
    expect(res.json().message).toBe(ERROR_MESSAGES.badUrl);
  });

  it('404: an unknown route echoes at most the start of its path', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/nowhere/${HUGE}` });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 'not_found');
    expect(res.json().message.length).toBeLessThan(MAX_ECHO_LENGTH + 40);
    expect(res.json().message).toMatch(/^Route GET \/nowhere\/x+… not found$/);
  });
});

describe('body errors', () => {
  it('400: a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: `{"name": ${HUGE}`,
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'bad_request');
    expect(res.body.length).toBeLessThan(400);
  });

  it('413: a body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res.json(), 'payload_too_large');
  });

  it('415: a content type the API does not read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { ...owner, 'content-type': `application/x-${'y'.repeat(5000)}` },
      payload: '<room/>',
    });
    expect(res.statusCode).toBe(415);
    expectErrorShape(res.json(), 'unsupported_media_type');
    expect(res.body.length).toBeLessThan(400);
  });

  it('400: prototype poisoning', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { ...owner, 'content-type': 'application/json' },
      payload: '{"name":"a","type":"bedroom","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 'bad_request');
  });
});

describe('requests the HTTP parser refuses (on a real socket)', () => {
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  /** Sends raw bytes and returns the raw response. */
  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
  }

  const parse = (response: string) => {
    const [head = '', body = ''] = response.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body: JSON.parse(body) as Record<string, unknown> };
  };

  it('400: malformed HTTP', async () => {
    const res = parse(await raw('GARBAGE\r\n\r\n'));
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'bad_request');
    expect(res.body.message).toBe(ERROR_MESSAGES.clientError);
  });

  it('431: headers over the limit', async () => {
    const res = parse(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`));
    expect(res.status).toBe(431);
    expectErrorShape(res.body, 'request_header_fields_too_large');
  });
});
