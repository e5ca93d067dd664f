import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A user's TOTP secret (ADR 028), encrypted at rest (AES-256-GCM, `v2.<key id>.` + base64url of
 * iv|tag|ciphertext under a data key, ADR 052, or `v1.…` from before the keyring; the user id as associated
 * data). The row exists from the setup on; two-factor sign-in is ON only
 * once `users.two_factor_enabled_at` is set (until then the row is a pending enrolment, replaced by
 * the next setup). `last_used_step` is the newest 30-second step a code was accepted for: a code is
 * accepted once (a replay of the same or an older step is refused).
 */
export const userTwoFactor = pgTable(
  'user_two_factor',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretCiphertext: text('secret_ciphertext').notNull(),
    lastUsedStep: integer('last_used_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // `v1.`: sealed before the keyring (JWT_SECRET-derived); `v2.<key id>.`: a data key (ADR 052).
  (t) => [
    check(
      'user_two_factor_secret_versioned',
      sql`${t.secretCiphertext} like 'v1.%' or ${t.secretCiphertext} like 'v2.%'`,
    ),
  ],
);

/** Single-use recovery codes: only their SHA-256 digest is stored; `used_at` marks a spent one. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  // Also serves "the codes of a user" (user_id leads).
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

export type UserTwoFactorRow = typeof userTwoFactor.$inferSelect;
