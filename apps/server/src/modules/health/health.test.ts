import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, csrf, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers when the database does', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('unknown routes answer 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found', message: expect.stringContaining('/api/nope') });
  });

  it('sends security headers and allows only the web origin (with credentials)', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/login',
      headers: {
        origin: t.config.webOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-csrf-token',
      },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(t.config.webOrigin);
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/x-csrf-token/i);

    const other = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['x-content-type-options']).toBe('nosniff');
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('malformed JSON is a 400 in the error shape, never a 500', async () => {
    const { headers } = await csrf(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });
});

describe('OpenAPI', () => {
  it('/docs/json lists the routes with their schemas and security', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/login', '/auth/current-user', '/healthz']),
    );
    expect(doc.paths['/auth/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/auth/login'].post.tags).toEqual(['auth']);
    expect(doc.paths['/auth/current-user'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/auth/logout'].post.security).toEqual([{ bearerAuth: [], csrfToken: [] }]);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/docs'))).toBe(false);
  });

  it('/docs serves the browsable UI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('global rate limit', () => {
  it('answers 429 too_many_requests with Retry-After past RATE_LIMIT_PER_MINUTE', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      }
      const res = await limited.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ error: 'too_many_requests' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('bodies', () => {
  it('an empty body with a JSON content type counts as no body', async () => {
    const { token } = await t.signIn(2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...(await authed(t.app, token)), 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });
});
