import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { adminUsersRoutes } from './modules/admin-users/routes.ts';
import { adminDevicesRoutes } from './modules/admin-devices/routes.ts';
import { adminElectriciansRoutes } from './modules/admin-electricians/routes.ts';
import { electricianRoutes } from './modules/electrician/routes.ts';
import { installationsRoutes } from './modules/installations/routes.ts';
import { oauthRoutes } from './modules/oauth/routes.ts';
import { voiceRoutes } from './modules/voice/routes.ts';
import { devicePlaneRoutes } from './device-plane/routes.ts';
import { rolloutsRoutes } from './modules/rollouts/routes.ts';
import { outboxRoutes } from './modules/outbox/routes.ts';
import { installationJobsRoutes } from './modules/installation-jobs/routes.ts';
import { ownerOrdersRoutes } from './modules/owner-orders/routes.ts';
import { invoicesRoutes } from './modules/invoices/routes.ts';
import { fulfilmentRoutes } from './modules/fulfilment/routes.ts';
import { HomeGraphClient, readServiceAccountKey } from './modules/voice/homegraph.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { devicesRoutes } from './modules/devices/routes.ts';
import { firmwareRoutes } from './modules/firmware/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { newsletterRoutes } from './modules/newsletter/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { paymentsRoutes } from './modules/payments/routes.ts';
import { quotesRoutes } from './modules/quotes/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { roomsRoutes } from './modules/rooms/routes.ts';
import { homesRoutes } from './modules/homes/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { automationsRoutes } from './modules/automations/routes.ts';
import type { PushSender } from './modules/notifications/push.ts';
import { registerAuthHook } from './plugins/auth.ts';
import { RequestLineLogController } from './logger.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
  registerErrorHandling,
} from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { RequestOutcomes } from './plugins/request-outcomes.ts';
import { computeSecurityHeaders, registerSecurity } from './plugins/security.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { registerRouteTable } from './plugins/route-table.ts';
import { registerStorableTextGuard } from './plugins/storable-text.ts';
import { createServices, registerServices } from './services.ts';

/**
 * Every API module, in one list. To add a module `src/modules/<name>/`:
 * - `routes.ts` exports `<name>Routes`, a `FastifyPluginAsyncZod`; each route uses its full path (`/api/...`)
 *   with a rule in the contract's PERMISSIONS, and a zod `schema` with `tags`, params/querystring/body and
 *   `response` (`{ 200: contractSchema, ...errorResponses(400, 404) }` from plugins/openapi-responses.ts).
 * - Auth, roles and CSRF are done by the global hook (plugins/auth.ts) before the handler runs; the
 *   handler reads `requireAuth(request)` → `{ userId, role, sessionId }` and never checks auth itself.
 * - `service.ts` holds the queries (Drizzle); the service is built ONCE in src/services.ts and the routes
 *   use `app.services.<name>` (they never construct services). Object access comes from the policy layer
 *   (src/policy: the caller's scope and each entity's ownership condition; not found = 404).
 *   `presenter.ts` maps rows to contract shapes (`_id`, ISO dates, no secrets). Lists use db/pagination.ts.
 * - Messages: `<NAME>_MESSAGES` in the module; a text clients also match lives in the contract (API_MSG).
 * - Errors: throw `notFound()`, `conflict()`, `badRequest()`, `forbidden()` or `new HttpError(...)` from
 *   plugins/errors.ts; the handler turns them into `{error, message, details?}`.
 * - Tests beside the code use src/test/helpers.ts; then delete the module's keys from NOT_YET_BUILT in
 *   src/routes.test.ts (the route walk checks rules, CSRF and every role's access).
 */
const MODULES = [
  healthRoutes,
  authRoutes,
  accountRoutes,
  twoFactorRoutes,
  dashboardRoutes,
  devicesRoutes,
  roomsRoutes,
  homesRoutes,
  notificationsRoutes,
  automationsRoutes,
  ordersRoutes,
  paymentsRoutes,
  quotesRoutes,
  contactRoutes,
  newsletterRoutes,
  auditRoutes,
  adminDashboardRoutes,
  adminUsersRoutes,
  reportsRoutes,
  firmwareRoutes,
  adminDevicesRoutes,
  adminElectriciansRoutes,
  electricianRoutes,
  installationsRoutes,
  oauthRoutes,
  voiceRoutes,
  devicePlaneRoutes,
  rolloutsRoutes,
  outboxRoutes,
  installationJobsRoutes,
  ownerOrdersRoutes,
  invoicesRoutes,
  fulfilmentRoutes,
];

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** A pino logger instance (server.ts); default: no logging. */
  logger?: FastifyBaseLogger;
  /** The clock (tests move time); default `new Date()`. */
  now?: () => Date;
  /** Access token lifetime in seconds; default 30 minutes (contract ACCESS_TOKEN_TTL_S). */
  accessTokenTtlSeconds?: number;
  /** Extra route plugins registered after MODULES (tests only: e.g. a route without a rule). */
  extraPlugins?: FastifyPluginAsync[];
  /** Where Web Push goes (tests: a sender that trusts a local push service); default web-push. */
  pushSender?: PushSender;
}

/** Smaller JSON bodies are sent as they are: compressing them saves less than a packet. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/** Builds the API (no listen): tests call `app.inject`, server.ts calls `listen`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const securityHeaders = await computeSecurityHeaders(config);
  // One log line per request (method, url, status, time), not Fastify's multi-line pair; in development
  // only failures, slow requests and state changes at info (LOG_REQUESTS, LOG_SLOW_MS).
  const requestOutcomes = new RequestOutcomes(now);
  const logController = new RequestLineLogController(requestOutcomes, config);
  const app = Fastify({
    loggerInstance: options.logger,
    logController,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors raised before any route runs leave in the one error shape too (ADR 004, ADR 016).
    frameworkErrors: frameworkErrorHandler(securityHeaders.json, (request, reply) =>
      logController.requestCompleted(null, request, reply),
    ),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON as usual (prototype-poisoning safe), but an empty body with a JSON content type is "no body",
  // so bodiless calls (toggle, logout) work whatever headers a client sends.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // Google HomeGraph (Report State, Request Sync), when configured: its service-account key is read once.
  const google = config.voice.google;
  const homeGraph = google
    ? {
        client: new HomeGraphClient(await readServiceAccountKey(google.keyFile), google.homegraphUrl, now),
        oauthClientId: google.clientId,
      }
    : null;
  const services = createServices({
    voicePush: { homeGraph },
    pushSender: options.pushSender,
    config,
    db,
    now,
    log: app.log,
    requestOutcomes,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    injectPost: async (url, headers, payload) =>
      (await app.inject({ method: 'POST', url, headers, payload })).statusCode,
  });
  registerServices(app, { config, db, now }, services);
  // What a stopped process left behind (ADR 053): commands never acknowledged end as expired, and devices
  // mid-update are sent their update again once online (before the broker: no report overtakes this).
  await services.deviceCommands.expireStale(config.devices.ackTimeoutMs);
  // With several processes (ADR 060) the process holding the rollout tick's lease recovers: this one if it
  // takes it now, or whichever takes it over later from a process that died. The embedded broker makes a
  // process alone by construction: it takes every lease at once (a predecessor's would hold its jobs).
  if (services.devicePlane?.bus.kind === 'embedded') await services.leases.seize();
  if (services.devicePlane) {
    const { leases, rollouts } = services;
    if (leases.holds('rollout tick') || (await leases.claim('rollout tick'))) await rollouts.recover();
    leases.whenTaken('rollout tick', () => rollouts.recover());
  }
  // The device plane's broker starts with the app (and closes with it: registerServices' onClose).
  await services.devicePlane?.start();
  registerRouteTable(app);

  registerErrorHandling(app);
  // Responses over 1 KB (a device or room list, the dashboard) leave compressed when the client accepts
  // it (brotli, else gzip): on a slow mobile link the signed-in dashboard waits on them (docs/benchmarks.md).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: API_COMPRESSION_THRESHOLD_BYTES });
  await registerSecurity(app, config, securityHeaders);
  await registerRateLimit(app, config.rateLimitPerMinute);
  registerAuthHook(app, services);
  registerStorableTextGuard(app);
  registerMetrics(app);
  await registerOpenApi(app, config.publicApiUrl);

  for (const module of MODULES) await app.register(module);
  for (const plugin of options.extraPlugins ?? []) await app.register(plugin);
  await app.ready();
  return app;
}
