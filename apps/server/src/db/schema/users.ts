import type { Language } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

/** Every person who signs in: role 1 electrician, 2 owner ("customer"), 3 admin (contract ROLE). */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Always stored lowercased (checked by the database). */
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    mobile: text('mobile'),
    role: integer('role').notNull().default(2),
    status: text('status').notNull().default('active'),
    city: text('city'),
    pincode: text('pincode'),
    address: text('address'),
    /**
     * When two-factor sign-in was turned on; null = off (ADR 028). On the user row, which the auth
     * hook reads with the session anyway, so "must enrol first" costs nothing per request.
     */
    twoFactorEnabledAt: timestamptz('two_factor_enabled_at'),
    /**
     * The language the user chose (ADR 073): 'en' or 'hi'; null until they choose (the app follows the
     * browser, e-mails are in English). Read by the outbox for every e-mail to the user's address.
     */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_language_known', sql`${t.language} in ('en', 'hi')`),
    index('users_role_created_idx').on(t.role, t.createdAt.desc()),
    // The admin users list: newest first, and its search (name or e-mail, case-insensitive substring)
    // through trigram GIN indexes (pg_trgm; ADR 022), one per column so each match stays a column match.
    index('users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    // reports: new users in a date range, by role (an index-only range scan)
    index('users_created_role_idx').on(t.createdAt, t.role),
  ],
);

/** A sign-in: the bearer JWT names it (`sid`); revocable, with idle and absolute lifetimes. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    // "active sessions" counts scan only sessions not yet revoked
    index('sessions_active_idx')
      .on(t.expiresAt)
      .where(sql`${t.revokedAt} is null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
