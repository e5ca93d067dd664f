import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import {
  CSRF_HEADER,
  ERROR_CODE,
  HOME_HEADER,
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  requiresCsrf,
} from '@isaac/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { DOCS_PREFIX, ruleForRequest } from './rbac.ts';

export const SECURITY_MESSAGES = {
  originNotAllowed: 'This origin may not call the API: changes are accepted only from the web app.',
} as const;

/**
 * What an API response is, for its security headers: JSON (every route, error and 404 of the API) or the
 * OpenAPI browser at /docs (HTML, script and style). Headers that only mean something to a document —
 * COOP, Origin-Agent-Cluster, DNS prefetch, IE's download and XSS switches, Flash's cross-domain policy
 * — are sent only with the document (ADR 045).
 */
export type ApiResponseKind = 'json' | 'docs';

/**
 * The API's helmet settings for a kind of response. JSON: nothing may load or run in it and nothing may
 * frame it (`default-src 'none'; frame-ancestors 'none'`, DENY), it is never sniffed as another type,
 * read only by same-site pages, sends no referrer. /docs: a strict CSP that allows the UI's inline script
 * and style. HSTS on both in production.
 */
export function helmetOptions(
  config: Pick<Config, 'isProduction'>,
  kind: ApiResponseKind,
): FastifyHelmetOptions {
  const hsts = config.isProduction ? undefined : false;
  if (kind === 'json') {
    return {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      },
      crossOriginResourcePolicy: { policy: 'same-site' },
      xFrameOptions: { action: 'deny' },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      hsts,
    };
  }
  return {
    crossOriginResourcePolicy: { policy: 'same-site' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts,
  };
}

/** The API's security headers for each kind of response, computed once at start. */
export type SecurityHeaders = Readonly<Record<ApiResponseKind, Readonly<Record<string, string>>>>;

export async function computeSecurityHeaders(config: Pick<Config, 'isProduction'>): Promise<SecurityHeaders> {
  return {
    json: await computeHelmetHeaders(helmetOptions(config, 'json')),
    docs: await computeHelmetHeaders(helmetOptions(config, 'docs')),
  };
}

/** Whether a request URL is the OpenAPI browser's (/docs, /docs/…, /docs?…). */
export function isDocsUrl(url: string): boolean {
  return (
    url.startsWith(DOCS_PREFIX) &&
    (url.length === DOCS_PREFIX.length || url[DOCS_PREFIX.length] === '/' || url[DOCS_PREFIX.length] === '?')
  );
}

/**
 * The headers helmet sets with `options`, computed once: @fastify/helmet builds a new helmet middleware
 * (parsing every option and CSP directive) on each request, though the API's headers never vary. So helmet
 * runs here once, at start, on a throwaway instance, and the headers it wrote are what every response gets.
 */
export async function computeHelmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify();
  let headers: Record<string, string> = {};
  await probe.register(helmet, options);
  probe.get('/', async (_request, reply) => {
    // Helmet writes on the raw response in onRequest; Fastify's own headers are added later, at send.
    headers = Object.fromEntries(
      Object.entries(reply.raw.getHeaders()).map(([name, value]) => [
        name,
        Array.isArray(value) ? value.join(', ') : String(value),
      ]),
    );
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Transport security of the API: cookies (for the CSRF cookie), CORS limited to the web origins with
 * credentials, helmet's `headers` for the response's kind (computed once at start:
 * `computeSecurityHeaders`), and an Origin check: a
 * mutation that carries an `Origin` other than the web's is refused (403) before anything else runs.
 * Calls without an Origin (server to server, curl) and CSRF-exempt routes (the payment webhook, which
 * its signature authenticates) are not affected. Defence in depth beside CSRF (ADR 016).
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  headers: SecurityHeaders,
): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDocsUrl(request.url) ? headers.docs : headers.json);
    done();
  });

  await app.register(cookie);
  const origins = new Set(config.webOrigins);
  await app.register(cors, {
    origin: [...config.webOrigins],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      CSRF_HEADER,
      HOME_HEADER,
      IDEMPOTENCY_HEADER,
      'X-Requested-With',
    ],
    exposedHeaders: ['Retry-After', IDEMPOTENT_REPLAY_HEADER],
    maxAge: 600,
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    if (origin === undefined || !MUTATING.has(request.method) || origins.has(origin)) return done();
    const rule = ruleForRequest(request);
    // Unmatched routes end in the 404 handler; routes exempt from CSRF authenticate another way.
    if (rule === undefined || (rule !== 'none' && !requiresCsrf(request.method, rule))) return done();
    done(new HttpError(403, ERROR_CODE.forbidden, SECURITY_MESSAGES.originNotAllowed));
  });
}
