import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { CSRF_HEADER, ERROR_CODE, requiresCsrf } from '@isaac/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import { ruleForRequest } from './rbac.ts';

export const SECURITY_MESSAGES = {
  originNotAllowed: 'This origin may not call the API: changes are accepted only from the web app.',
} as const;

/** The API's helmet settings: a strict CSP (the /docs UI's inline script and style are allowed). */
export function helmetOptions(config: Pick<Config, 'isProduction'>): FastifyHelmetOptions {
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
    hsts: config.isProduction ? undefined : false,
  };
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
 * credentials, helmet's `headers` (computed once at start: `computeHelmetHeaders`), and an Origin check: a
 * mutation that carries an `Origin` other than the web's is refused (403) before anything else runs.
 * Calls without an Origin (server to server, curl) and CSRF-exempt routes (the payment webhook, which
 * its signature authenticates) are not affected. Defence in depth beside CSRF (ADR 016).
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
  headers: Readonly<Record<string, string>>,
): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(cookie);
  const origins = new Set(config.webOrigins);
  await app.register(cors, {
    origin: [...config.webOrigins],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', CSRF_HEADER, 'X-Requested-With'],
    exposedHeaders: ['Retry-After'],
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
