import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Failure counters of the sign-in and password-change throttles (ADR 015), shared by every API
 * process on the database. One row per (scope, key): scope `login:pair` (account + source),
 * `login:account` (an account from anywhere), `login:source` (a source, across accounts) or
 * `password` (wrong current passwords of a user). `key` is a SHA-256 digest of the e-mail and/or
 * source address (no plain e-mails or addresses are stored). Rows past `expires_at` are pruned.
 */
export const authThrottle = pgTable(
  'auth_throttle',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Failures counted in the current window. */
    failures: integer('failures').notNull().default(0),
    /** First failure of the current window. */
    windowStart: timestamptz('window_start').notNull(),
    lastFailureAt: timestamptz('last_failure_at'),
    /** Attempts are refused (429) until then. */
    blockedUntil: timestamptz('blocked_until'),
    /** `login:pair` only: the pair signed in successfully, so the per-account delay does not apply to it. */
    trustedUntil: timestamptz('trusted_until'),
    /** The row holds nothing of use after this; pruned. */
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    // pruning deletes by expiry
    index('auth_throttle_expires_idx').on(t.expiresAt),
    check('auth_throttle_failures_nonnegative', sql`${t.failures} >= 0`),
  ],
);

export type AuthThrottleRow = typeof authThrottle.$inferSelect;
