/* The hook is route code (it reads the caller from the request), so it lives in a route file. */
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@isaac/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth.ts';
import { badRequest, conflict, tooManyRequests } from '../../plugins/errors.ts';
import type { IdempotencyStore } from './store.ts';

/** A key the client made up: a UUID, or anything of 8–100 letters, digits, `-` and `_`. */
const KEY = /^[A-Za-z0-9_-]{8,100}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 8 to 100 letters, digits, - or _',
  otherRequest: 'This Idempotency-Key was already used for another request',
  inFlight: 'This change is still being processed; try again in a moment',
} as const;

/**
 * Makes the mutating routes of the calling plugin idempotent (issue 34, ADR 070): a POST/PUT/PATCH/DELETE
 * with an `Idempotency-Key` header is claimed for the caller before its handler runs; its answer (any
 * status below 500, a 409 too) is stored and a repeat gets that same answer, marked `Idempotent-Replay`,
 * without running the handler again; a repeat while the first still runs is 429 (Retry-After: 1). A 5xx
 * releases the key so a retry runs. Without the header a route behaves as before. Register inside a route
 * plugin: Fastify's hooks apply to that plugin's routes only.
 */
export function idempotentWrites(app: FastifyInstance, store: IdempotencyStore): void {
  const claimed = new WeakMap<FastifyRequest, { userId: string; key: string }>();

  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !KEY.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.badKey);
    const { userId } = requireAuth(request);
    const claim = await store.claim(userId, key, `${request.method} ${request.url.split('?')[0]}`);
    switch (claim.kind) {
      case 'claimed':
        claimed.set(request, { userId, key });
        return;
      case 'other-request':
        throw conflict(IDEMPOTENCY_MESSAGES.otherRequest);
      case 'in-flight':
        // not a refusal: the first request is still running, and a retry in a moment gets its answer
        throw tooManyRequests(IDEMPOTENCY_MESSAGES.inFlight, 1);
      case 'replay':
        return reply.header(IDEMPOTENT_REPLAY_HEADER, 'true').code(claim.status).send(claim.body);
    }
  });

  // The answer as an object, before serialization and compression (a later onSend sees bytes or a stream).
  const answers = new WeakMap<FastifyRequest, unknown>();
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (claimed.has(request)) answers.set(request, payload);
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const mine = claimed.get(request);
    if (!mine) return payload;
    claimed.delete(request);
    if (reply.statusCode >= 500) {
      await store.release(mine.userId, mine.key);
      return payload;
    }
    let body: unknown = answers.get(request) ?? null;
    if (body === null && typeof payload === 'string' && payload.length > 0) {
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
    }
    await store.complete(mine.userId, mine.key, reply.statusCode, body);
    return payload;
  });
}
