import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { emailOutbox } from '../db/schema/index.ts';
import { z } from 'zod';
import { bearerToken } from './auth.ts';
import { errorResponses } from './openapi-responses.ts';
import { HttpError } from './errors.ts';

/**
 * `/metrics` in Prometheus's text format (issue 28, ADR 062): what THIS process does — its requests, its
 * broker connections (embedded broker), the device messages it handled, its ingest queue, the job leases it
 * holds — and the outbox backlog (the database's, the same from every process). Readable only with
 * `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN the route answers 404 and no request is timed.
 * Each app has its own registry (tests build many apps in one process).
 */
export function registerMetrics(app: FastifyInstance): void {
  const token = app.config.metricsToken;
  const registry = new Registry();
  if (token) {
    const requests = new Counter({
      name: 'isaac_http_requests_total',
      help: 'HTTP requests answered, by method, route and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'isaac_http_request_duration_seconds',
      help: 'HTTP request latency, by method and route',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (never the raw URL: ids would make a series each).
      const route = request.routeOptions.url ?? 'unmatched';
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });
    registerGauges(app, registry);
  }
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics of this process (bearer METRICS_TOKEN; 404 when it is unset)',
        response: { 200: z.string(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      if (!token) throw new HttpError(404, 'not_found', 'Not found');
      const given = bearerToken(request);
      const ok =
        given !== null &&
        given.length === token.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(token));
      if (!ok) throw new HttpError(401, 'invalid_token', 'Wrong or missing metrics token');
      reply.header('content-type', registry.contentType);
      return registry.metrics();
    },
  );
}

function registerGauges(app: FastifyInstance, registry: Registry): void {
  const { services } = app;
  const plane = services.devicePlane;
  const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
  gauge(
    'isaac_job_leases_held',
    'Background-job leases this process holds',
    () => services.leases.heldNames().length,
  );
  new Gauge({
    name: 'isaac_job_lease_held',
    help: 'Whether this process holds the lease of each background job (1) or not (0)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      const held = new Set(services.leases.heldNames());
      for (const job of services.leases.registered()) this.set({ job }, held.has(job) ? 1 : 0);
    },
  });
  gauge('isaac_outbox_backlog', 'E-mails waiting in the outbox (pending)', async () => {
    const [row] = await app.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.state, 'pending'));
    return row?.n ?? 0;
  });
  if (!plane) return;
  gauge('isaac_mqtt_broker_up', "Whether this process's broker connection is up (1) or not (0)", () =>
    plane.bus.up ? 1 : 0,
  );
  gauge(
    'isaac_mqtt_connections',
    'Device connections on the embedded broker of this process (0 with an external broker)',
    () => plane.bus.connectedCount(),
  );
  gauge('isaac_ingest_queue_depth', 'Telemetry readings waiting to be stored', () => plane.ingest.depth);
  const counter = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counter(
    'isaac_mqtt_messages_in_total',
    'Device messages this process received',
    () => plane.stats.received,
  );
  counter('isaac_mqtt_messages_out_total', 'Commands this process published', () => plane.stats.published);
  counter(
    'isaac_mqtt_messages_dropped_total',
    'Device messages not stored (refused, over the rate, shed, malformed)',
    () => plane.stats.malformed + plane.dropped.totals.rate_limited + plane.dropped.totals.shed,
  );
  counter(
    'isaac_mqtt_late_acks_total',
    'Acknowledgements no request of this process waited for',
    () => plane.stats.lateAcks,
  );
  counter('isaac_telemetry_stored_total', 'Readings this process stored', () => plane.ingest.stats.stored);
}
