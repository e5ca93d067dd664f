import helmet from '@fastify/helmet';
import { ERROR_CODE, ROLE } from '@isaac/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { authed, createTestApp, csrf, type TestApp } from '../test/helpers.ts';
import { registerErrorHandling } from './errors.ts';
import {
  computeHelmetHeaders,
  computeSecurityHeaders,
  helmetOptions,
  isDocsUrl,
  SECURITY_MESSAGES,
} from './security.ts';

/** The headers of a response that helmet is responsible for (everything but Fastify's, CORS and rate limits). */
function helmetPart(headers: Record<string, unknown>): Record<string, unknown> {
  const skip =
    /^(content-type|content-length|date|connection|keep-alive|vary|access-control-|x-ratelimit-|retry-after|set-cookie)/;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !skip.test(name)));
}

/** A small app with errors and validation, its security headers set by `secure`. */
async function sampleApp(secure: (app: FastifyInstance) => Promise<void>) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await secure(app);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.post('/items', { schema: { body: z.object({ n: z.number() }) } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

const REQUESTS = [
  { method: 'GET', url: '/ok' },
  { method: 'GET', url: '/boom' },
  { method: 'GET', url: '/missing' },
  { method: 'POST', url: '/items', payload: { n: 'x' } },
] as const;

describe('security headers', () => {
  for (const kind of ['json', 'docs'] as const) {
    for (const isProduction of [false, true]) {
      it(`${kind}: are exactly @fastify/helmet's, on every kind of response (production: ${isProduction})`, async () => {
        const options = helmetOptions({ isProduction }, kind);
        const headers = await computeHelmetHeaders(options);
        const reference = await sampleApp(async (app) => {
          await app.register(helmet, options);
        });
        const computed = await sampleApp(async (app) => {
          app.addHook('onRequest', (_request, reply, done) => {
            reply.headers(headers);
            done();
          });
        });
        for (const request of REQUESTS) {
          const expected = await reference.inject(request);
          const actual = await computed.inject(request);
          expect(actual.statusCode, request.url).toBe(expected.statusCode);
          expect(helmetPart(actual.headers), request.url).toEqual(helmetPart(expected.headers));
        }
        expect('strict-transport-security' in headers).toBe(isProduction);
        await reference.close();
        await computed.close();
      });
    }
  }

  it('JSON responses carry the headers that protect JSON, and no document-only ones', async () => {
    const headers = await computeHelmetHeaders(helmetOptions({ isProduction: true }, 'json'));
    expect(headers).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-site',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('/docs, /docs/… and /docs?… are the OpenAPI browser; nothing else is', () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html', '/docs?x=1']) {
      expect(isDocsUrl(url), url).toBe(true);
    }
    for (const url of ['/', '/doc', '/docsx', '/api/docs', '/documents'])
      expect(isDocsUrl(url), url).toBe(false);
  });

  it('the API sends the JSON set on its routes, its errors and the router errors (414), the docs set on /docs', async () => {
    const t = await createTestApp();
    try {
      const expected = await computeSecurityHeaders(t.config);
      expect(expected.json['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(expected.docs['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(Object.keys(expected.docs).length).toBeGreaterThan(Object.keys(expected.json).length);
      for (const url of ['/healthz', '/nowhere', `/api/devices/${'x'.repeat(300)}/toggle`]) {
        const res = await t.app.inject({ method: url.endsWith('toggle') ? 'POST' : 'GET', url });
        expect(helmetPart(res.headers), url).toEqual(expected.json);
      }
      const docs = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(docs.statusCode).toBe(200);
      expect(helmetPart(docs.headers)).toEqual(expected.docs);
    } finally {
      await t.close();
    }
  });
});

describe('origins', () => {
  let t: TestApp;
  let ownerToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    ownerToken = (await t.signIn(ROLE.owner)).token;
  });
  afterAll(() => t.close());

  const createRoom = async (origin?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { ...(await authed(t.app, ownerToken)), ...(origin ? { origin } : {}) },
      payload: { name: `Room ${Math.random()}`, type: 'bedroom' },
    });

  it('a mutation from a foreign origin is refused (403) before it runs', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost:3001',
      'http://localhost.evil:3000',
    ]) {
      const res = await createRoom(origin);
      expect(res.statusCode, origin).toBe(403);
      expect(res.json(), origin).toEqual({
        error: ERROR_CODE.forbidden,
        message: SECURITY_MESSAGES.originNotAllowed,
      });
    }
  });

  it('the web origin, every loopback name of it, and calls without Origin are accepted', async () => {
    for (const origin of [undefined, 'http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await createRoom(origin)).statusCode, origin).toBe(201);
    }
  });

  it('reads are not refused (CORS keeps foreign pages from reading them)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/rooms',
      headers: { authorization: `Bearer ${ownerToken}`, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the payment webhook stays reachable from anywhere (its signature authenticates it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{"event":"payment.captured"}',
    });
    // Refused for its signature, not for its origin.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).not.toBe(SECURITY_MESSAGES.originNotAllowed);
  });

  it('CORS: a page on 127.0.0.1 or [::1] (web port) may call with credentials; other ports may not', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/auth/csrf-token',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.headers['access-control-allow-origin'], origin).toBe(origin);
      expect(preflight.headers['access-control-allow-credentials'], origin).toBe('true');
      const { headers } = await csrf(t.app);
      const token = await t.app.inject({
        method: 'GET',
        url: '/auth/csrf-token',
        headers: { origin, ...headers },
      });
      expect(token.headers['access-control-allow-origin'], origin).toBe(origin);
    }
    const other = await t.app.inject({
      method: 'GET',
      url: '/auth/csrf-token',
      headers: { origin: 'http://127.0.0.1:3001' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('in production only WEB_ORIGIN itself', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      JWT_SECRET: 'x'.repeat(40),
      DATA_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
      RAZORPAY_KEY_SECRET: 'k',
      RAZORPAY_WEBHOOK_SECRET: 'w',
      SELLER_LEGAL_NAME: 'Isaac Technologies Private Limited',
      SELLER_ADDRESS: '3rd Floor, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038, India',
      SELLER_STATE: 'Karnataka',
      SELLER_GSTIN: '29AAECI1234F1ZU',
      WEB_ORIGIN: 'https://shop.example.com',
    });
    expect(config.webOrigins).toEqual(['https://shop.example.com']);
  });
});
