import { ERROR_CODE } from '@isaac/contract';
import type { FastifyInstance } from 'fastify';
import { capText, HttpError, type ErrorDetail } from './errors.ts';

export const STORABLE_TEXT_MESSAGES = {
  nul: 'Text must not contain NUL characters (\\u0000)',
  surrogate: 'Text must be valid Unicode (a lone UTF-16 surrogate)',
  nulKey: 'Field names must not contain NUL characters (\\u0000)',
  surrogateKey: 'Field names must be valid Unicode (a lone UTF-16 surrogate)',
} as const;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (UTF-16 code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL cannot store `text` as sent (NUL, or a lone surrogate it would replace), or undefined. */
function unstorable(text: string, key: boolean): string | undefined {
  if (text.includes('\u0000')) return key ? STORABLE_TEXT_MESSAGES.nulKey : STORABLE_TEXT_MESSAGES.nul;
  if (LONE_SURROGATE.test(text))
    return key ? STORABLE_TEXT_MESSAGES.surrogateKey : STORABLE_TEXT_MESSAGES.surrogate;
  return undefined;
}

/**
 * Every string in `value` (nested objects and arrays, object keys too) that PostgreSQL cannot store:
 * `text` and `jsonb` refuse NUL (the query fails: a 500), and a lone UTF-16 surrogate would be stored
 * as U+FFFD (silently changed). Paths follow the validation errors' style: `items.0.name`, `id`.
 * Iterative, so a deeply nested body cannot overflow the stack; Buffers (raw bodies) are not text.
 * Stops at `limit` findings.
 */
export function findUnstorableText(value: unknown, limit = 20): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && found.length < limit) {
    const item = stack.pop();
    if (!item) break;
    const { value: current, path } = item;
    if (typeof current === 'string') {
      const message = unstorable(current, false);
      if (message) found.push({ path, message });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: join(path, String(i)) });
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const keyMessage = unstorable(key, true);
        const shown = capText(JSON.stringify(key).slice(1, -1), 60);
        if (keyMessage) found.push({ path: join(path, shown), message: keyMessage });
        else stack.push({ value: child, path: join(path, key) });
      }
    }
  }
  return found;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The parts of a request a handler reads, in the order they are reported (Fastify's validation contexts). */
const PARTS = ['params', 'querystring', 'body'] as const;

/**
 * One global preValidation hook: a path parameter, query field or body field (at any depth) that
 * PostgreSQL cannot store answers 400 `validation_error` naming each field, like a schema error, before
 * any route's validation or handler runs. Every route, present and future, whatever its schema.
 */
export function registerStorableTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const values = { params: request.params, querystring: request.query, body: request.body };
    for (const part of PARTS) {
      const details = findUnstorableText(values[part]);
      if (details.length === 0) continue;
      const list = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
      return done(
        new HttpError(400, ERROR_CODE.validation, capText(`Invalid request ${part}: ${list}`, 500), details),
      );
    }
    done();
  });
}
