import { HOME_ROLES } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A home (issue 32, ADR 069): rooms, devices, automations and installations belong to it; people reach it
 * through `home_members`.
 */
export const homes = pgTable('homes', {
  id: id(),
  name: text('name').notNull(),
  /** IANA time zone of the home (its automations' schedules). */
  timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A person's access to a home, with a role (contract HOME_ROLES). A guest reaches only the devices of
 * `rooms`, until `ends_at`; a membership past its `ends_at` gives no access. `chosen_at`: when the person
 * last switched to this home (the newest is their current home when a request names none).
 */
export const homeMembers = pgTable(
  'home_members',
  {
    id: id(),
    homeId: text('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: HOME_ROLES }).notNull(),
    rooms: text('rooms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    endsAt: timestamptz('ends_at'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    chosenAt: timestamptz('chosen_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('home_members_home_user_uq').on(t.homeId, t.userId),
    index('home_members_user_idx').on(t.userId, t.chosenAt.desc().nullsLast(), t.createdAt),
  ],
);

/** An invitation to a home by e-mail: a single-use link (only the token's hash is kept). */
export const homeInvitations = pgTable(
  'home_invitations',
  {
    id: id(),
    homeId: text('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: HOME_ROLES }).notNull(),
    rooms: text('rooms')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    endsAt: timestamptz('ends_at'),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('home_invitations_home_idx').on(t.homeId, t.createdAt.desc())],
);

/**
 * The insert default of a `home_id` a writer leaves out: null, which the table's trigger (migration 0031,
 * `home_of_holder`) replaces with the home of the person the row names (`user_id` / `customer_id`): the
 * first home they own, made when they have none. The owner API always names the home.
 */
export const holderHome = () => sql`null`;

export type HomeRow = typeof homes.$inferSelect;
export type HomeMemberRow = typeof homeMembers.$inferSelect;
export type HomeInvitationRow = typeof homeInvitations.$inferSelect;
