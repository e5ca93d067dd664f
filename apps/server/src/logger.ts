import { createRequire } from 'node:module';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger, type LoggerOptions } from 'pino';
import type { PrettyOptions } from 'pino-pretty';
import type { Config } from './config.ts';
import { capText } from './plugins/errors.ts';
import type { RequestOutcomes } from './plugins/request-outcomes.ts';

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Development output (pino-pretty): one line per entry, errors still multi-line with their stack. The
 * request line's structured fields (`request`) and the request id stay in the JSON of production only.
 */
export const PRETTY_OPTIONS = {
  translateTime: 'HH:MM:ss',
  ignore: 'pid,hostname,reqId,request',
  singleLine: true,
} as const satisfies PrettyOptions;

/** pino's settings: the level, and credentials never logged (headers redacted wherever a request is logged). */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
      remove: true,
    },
  };
}

/** pino: JSON lines in production, pretty single lines in development (when pino-pretty is installed). */
export function createLogger(config: Config): Logger {
  const pretty = !config.isProduction && config.nodeEnv !== 'test' && prettyAvailable();
  return pino({
    ...loggerOptions(config),
    ...(pretty ? { transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } } : {}),
  });
}

/** The longest URL a request line logs. */
const MAX_LOGGED_URL = 500;

/** Which requests get an info line (LOG_REQUESTS) and from how many milliseconds one is slow (LOG_SLOW_MS). */
export type RequestLogPolicy = Pick<Config, 'logRequests' | 'logSlowMs'>;

/** Methods that read: a request with any other method may change state. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One log line per request, written when the response has been sent: `POST /api/rooms 201 4.2ms`, with
 * `request: { method, url, status, ms }` for log search (and `err` when the response failed). Replaces
 * Fastify's two entries per request (incoming, completed), which print the request and response objects
 * over ~20 lines in development. Bodies and headers are never logged. Pass an instance as Fastify's
 * `logController` option.
 *
 * Levels: a failed response is `error`; a slow one (LOG_SLOW_MS) `warn`, marked `slow`. With
 * LOG_REQUESTS=notable (development's default) a plain read that succeeded — a page polling — is `debug`,
 * so the log shows what a developer needs: failures, slow requests and state changes; with `all` it is
 * `info` like every other line.
 */
export class RequestLineLogController extends LogController {
  /** `outcomes`, when given, counts every completed request's status (the admin health checks read it). */
  constructor(
    private readonly outcomes?: RequestOutcomes,
    private readonly policy: RequestLogPolicy = { logRequests: 'all', logSlowMs: 500 },
  ) {
    super();
  }

  override incomingRequest(): void {}

  /** The 404 handler answers; the request line says so. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    this.outcomes?.count(reply.statusCode);
    if (this.isLogDisabled(request)) return;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const url = capText(request.url, MAX_LOGGED_URL);
    const status = reply.statusCode;
    const slow = ms >= this.policy.logSlowMs;
    const fields = { request: { method: request.method, url, status, ms, ...(slow ? { slow } : {}) } };
    const line = `${request.method} ${url} ${status} ${ms}ms${slow ? ' (slow)' : ''}`;
    if (error) reply.log.error({ ...fields, err: error }, line);
    else if (slow) reply.log.warn(fields, line);
    else if (this.policy.logRequests === 'all' || status >= 400 || !READS.has(request.method)) {
      reply.log.info(fields, line);
    } else reply.log.debug(fields, line);
  }
}
