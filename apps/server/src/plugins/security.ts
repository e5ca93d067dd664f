import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { CSRF_HEADER } from '@isaac/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Transport security of the API: cookies (for the CSRF cookie), CORS limited to the web origin with
 * credentials, and helmet headers (a strict CSP; the /docs UI's inline script and style are allowed).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(cookie);
  await app.register(cors, {
    origin: [config.webOrigin],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', CSRF_HEADER, 'X-Requested-With'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  });
  await app.register(helmet, {
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
  });
}
