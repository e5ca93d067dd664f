import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { requiresCsrf, ruleFor } from '@isaac/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { DOCS_PREFIX, isDocsRoute } from './rbac.ts';

/**
 * OpenAPI generated from the routes' zod schemas, browsable at /docs (JSON at /docs/json).
 * Each route's security (bearer token, CSRF header) is filled in from the PERMISSIONS table.
 */
export async function registerOpenApi(app: FastifyInstance, publicApiUrl: string): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const method = methods[0] ?? 'GET';
    const rule = ruleFor(method, route.url);
    if (!rule || !route.schema) return;
    const security: Record<string, string[]> = {};
    if (rule.access !== 'public') security.bearerAuth = [];
    if (requiresCsrf(method, rule)) security.csrfToken = [];
    route.schema = { ...route.schema, security: Object.keys(security).length > 0 ? [security] : [] };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Isaac platform API',
        description:
          'Storefront, auth and back-office API. Authenticated calls send `Authorization: Bearer <token>`; ' +
          'mutating and auth calls also send `X-CSRF-Token` (from `GET /auth/csrf-token`, with its cookie). ' +
          'Errors are `{error, message, details?}`.',
        version: '1.0.0',
      },
      servers: [{ url: publicApiUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
}
