import { ERROR_CODE, type ErrorBody } from '@isaac/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

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
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: ERROR_CODE.tooManyRequests,
};

/** `/body/items/0/name` → `items.0.name` (the field path of a zod issue). */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
}

/** One error handler for the whole API: every error leaves as `{error, message, details?}`; 5xx never leak internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { error: error.code, message: error.message };
      if (error.details) body.details = error.details;
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.statusCode).send(body);
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
        message: error.message,
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: ERROR_CODE.internal, message: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      error: ERROR_CODE.notFound,
      message: `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found`,
    } satisfies ErrorBody);
  });
}
