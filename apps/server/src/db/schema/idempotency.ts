import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

/**
 * The answers to writes sent with an `Idempotency-Key` (issue 34, ADR 070): one row per caller and key,
 * claimed before the write runs (`status` null) and completed with the answer it got. A repeat of the
 * same key by the same caller is answered from here and never applied twice. Rows older than a week go.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id').notNull(),
    key: text('key').notNull(),
    /** `POST /api/electrician/installations/:id/step` with the id filled in: a key is for one request. */
    request: text('request').notNull(),
    /** The answer's HTTP status; null while the first request is still running. */
    status: integer('status'),
    body: jsonb('body'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
