import { ERROR_CODE, type ErrorBody } from '@isaac/contract';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { PolicyDenied } from '../policy/denied.ts';

export type ErrorDetail = { path: string; message: string };

/**
 * The one error type modules throw. The error handler turns it into `{error, message, details?}`
 * with its status (and headers, e.g. Retry-After).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new HttpError(400, ERROR_CODE.validation, message, details);
export const unauthorized = (code: string, message: string) => new HttpError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, ERROR_CODE.forbidden, message);
/** Unknown ids and other owners' objects alike (no probing). */
export const notFound = (message = 'Not found') => new HttpError(404, ERROR_CODE.notFound, message);
export const conflict = (message: string) => new HttpError(409, ERROR_CODE.conflict, message);
/**
 * A 4xx about some ids of a list in a body (`device_ids`): `details` name each offending one by its
 * index (`device_ids.2`), so a client can show which.
 */
export function idListError(
  status: 400 | 404,
  message: string,
  field: string,
  requested: readonly string[],
  offending: ReadonlySet<string>,
  itemMessage: string,
): HttpError {
  const details: ErrorDetail[] = requested.flatMap((id, index) =>
    offending.has(id) ? [{ path: `${field}.${index}`, message: itemMessage }] : [],
  );
  return new HttpError(
    status,
    status === 404 ? ERROR_CODE.notFound : ERROR_CODE.validation,
    message,
    details,
  );
}
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, ERROR_CODE.tooManyRequests, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: ERROR_CODE.authorizationRequired,
  403: ERROR_CODE.forbidden,
  404: ERROR_CODE.notFound,
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: ERROR_CODE.conflict,
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: ERROR_CODE.tooManyRequests,
  431: 'request_header_fields_too_large',
};

/** The longest path segment (route parameter) the router accepts; longer ones answer 414. */
export const MAX_PARAM_LENGTH = 100;
/** How much of a client-supplied text (a path, a framework message) a 4xx message may echo. */
export const MAX_ECHO_LENGTH = 120;

/** `text` cut to `max` characters (with an ellipsis), so an error message never echoes a huge input. */
export function capText(text: string, max = MAX_ECHO_LENGTH): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export const ERROR_MESSAGES = {
  uriTooLong: `The URL is too long: a path segment may have at most ${MAX_PARAM_LENGTH} characters.`,
  badUrl: 'The URL is not valid (malformed percent-encoding).',
  clientError: 'The request could not be read (malformed HTTP).',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long to arrive.',
} as const;

/**
 * Fastify's `frameworkErrors`: errors the router raises before any route or hook runs (a malformed URL,
 * a path segment over MAX_PARAM_LENGTH) leave in the one error shape too, with the API's security headers,
 * and without echoing the URL. Such replies skip the request lifecycle: `onSent` runs when one has been
 * sent (the request log).
 */
export function frameworkErrorHandler(
  headers: Readonly<Record<string, string>>,
  onSent?: (request: FastifyRequest, reply: FastifyReply) => void,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    if (onSent) reply.raw.once('finish', () => onSent(request, reply));
    reply.headers(headers);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      reply.code(414).send({ error: 'uri_too_long', message: ERROR_MESSAGES.uriTooLong } satisfies ErrorBody);
    } else if (error.code === 'FST_ERR_BAD_URL') {
      reply.code(400).send({ error: 'bad_request', message: ERROR_MESSAGES.badUrl } satisfies ErrorBody);
    } else {
      reply
        .code(500)
        .send({ error: ERROR_CODE.internal, message: 'Internal server error' } satisfies ErrorBody);
    }
  };
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (malformed, headers over the limit,
 * too slow) never reach Fastify; they get the one error shape as well, then the connection closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, { error: 'request_timeout', message: ERROR_MESSAGES.timeout }]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, { error: 'request_header_fields_too_large', message: ERROR_MESSAGES.headersTooLarge }]
        : [400, { error: 'bad_request', message: ERROR_MESSAGES.clientError }];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

/** `/body/items/0/name` → `items.0.name` (the field path of a zod issue). */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

/** One error handler for the whole API: every error leaves as `{error, message, details?}`; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | PolicyDenied, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { error: error.code, message: error.message };
      if (error.details) body.details = error.details;
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send(body);
    }
    // The policy refused an object (ADR 066): not found, as for an id that does not exist.
    if (error instanceof PolicyDenied) {
      return reply.code(404).send({ error: ERROR_CODE.notFound, message: error.message } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath),
        message: issue.message ?? 'Invalid value',
      }));
      const where = error.validationContext ? ` ${error.validationContext}` : '';
      return reply.code(400).send({
        error: ERROR_CODE.validation,
        message: `Invalid request${where}: ${details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ')}`,
        details,
      } satisfies ErrorBody);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: ERROR_CODE.internal, message: 'Internal server error' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        error: CODE_BY_STATUS[status] ?? 'bad_request',
        message: capText(error.message),
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: ERROR_CODE.internal, message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      error: ERROR_CODE.notFound,
      message: `Route ${request.method} ${capText(request.url.split('?')[0] ?? '')} not found`,
    } satisfies ErrorBody);
  });
}
