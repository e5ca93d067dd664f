import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

/** How long an answer is kept for a repeat: longer than any phone stays offline with unsent changes. */
export const IDEMPOTENCY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** A claim with no answer after this long belongs to a request that died (a crash): a repeat runs again. */
export const ABANDONED_CLAIM_MS = 60 * 1000;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'in-flight' }
  | { kind: 'other-request' };

/**
 * The answers to writes sent with an Idempotency-Key (ADR 070), per caller: `claim` before the write runs,
 * `complete` with its answer, `release` when it failed in a way a retry may fix (5xx).
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async claim(userId: string, key: string, request: string): Promise<Claim> {
    const at = this.now();
    await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(at.getTime() - IDEMPOTENCY_RETENTION_MS)));
    const [claimed] = await this.db
      .insert(idempotencyKeys)
      .values({ userId, key, request, createdAt: at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return { kind: 'claimed' };
    const [row] = await this.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row) return this.claim(userId, key, request); // expired between the two statements
    if (row.request !== request) return { kind: 'other-request' };
    if (row.status !== null) return { kind: 'replay', status: row.status, body: row.body };
    // An unanswered claim: still running, or left by a request that died; then this one takes it over.
    const [taken] = await this.db
      .update(idempotencyKeys)
      .set({ createdAt: at })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          isNull(idempotencyKeys.status),
          lt(idempotencyKeys.createdAt, new Date(at.getTime() - ABANDONED_CLAIM_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken ? { kind: 'claimed' } : { kind: 'in-flight' };
  }

  async complete(userId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ status, body: body ?? null, completedAt: this.now() })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  async release(userId: string, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)),
      );
  }
}
