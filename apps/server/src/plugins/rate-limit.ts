import rateLimit from '@fastify/rate-limit';
import { ERROR_CODE } from '@isaac/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/**
 * A global per-IP budget for every API route (RATE_LIMIT_PER_MINUTE, default 600/min), answering
 * 429 `too_many_requests` with Retry-After. Sign-in failures have their own, stricter throttle
 * (modules/auth/throttle.ts).
 */
export async function registerRateLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        ERROR_CODE.tooManyRequests,
        `Too many requests. Try again in ${context.after}.`,
        undefined,
        {
          'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))),
        },
      ),
  });
}
