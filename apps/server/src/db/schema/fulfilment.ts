import { EMAIL_KINDS, OUTBOX_STATES, type InstallationAddress } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { installations } from './electricians.ts';
import { contactMessages, orders, type OrderItem } from './storefront.ts';
import { users } from './users.ts';

/**
 * From order to installed home (issue 15, ADR 038): what a paid order or an accepted quote becomes.
 * Everything here is written in the transaction of the change that causes it.
 */

/** A new customer's invitation to set a password: single use, 72 h, only the token's SHA-256 kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);

/**
 * An installation a paid order needs: one per order (unique), at the order's address. Assigning it creates the
 * electrician's pending installation (`installation_id`), whose status then tells where the job stands.
 */
export const installationJobs = pgTable(
  'installation_jobs',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: jsonb('address').$type<InstallationAddress>().notNull(),
    electricianId: text('electrician_id').references(() => users.id, { onDelete: 'set null' }),
    installationDate: date('installation_date', { mode: 'string' }),
    installationId: text('installation_id').references(() => installations.id, { onDelete: 'set null' }),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('installation_jobs_created_idx').on(t.createdAt.desc()),
    index('installation_jobs_customer_idx').on(t.customerId),
    uniqueIndex('installation_jobs_installation_uq').on(t.installationId),
  ],
);

/** A quote sent to a lead: catalog lines, a package price, valid until a date; paid through the checkout. */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    /** Q-000123: what the customer and the admin call it. */
    number: integer('number').generatedAlwaysAsIdentity().notNull().unique(),
    /** The link's token, hashed (the link is in the quote e-mail only). */
    tokenHash: text('token_hash').notNull().unique(),
    contactMessageId: text('contact_message_id').references(() => contactMessages.id, {
      onDelete: 'set null',
    }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerPhone: text('customer_phone').notNull().default(''),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The order that paid it (set when it is paid). */
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paidAt: timestamptz('paid_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('quotes_created_idx').on(t.createdAt.desc())],
);

/**
 * E-mails to send, written in the transaction of the change that causes them and delivered by the outbox
 * worker (SMTP when SMTP_URL is set), with retries and back-off. Rendered when written: what is sent is what
 * the admin previews.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    kind: text('kind', { enum: EMAIL_KINDS }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** pending (to send, at next_attempt_at) | sent | failed (gave up after the last attempt) */
    state: text('state', { enum: OUTBOX_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    /** The SMTP server's message id once accepted. */
    messageId: text('message_id'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt.desc()),
    // the worker's poll: due pending messages, oldest first
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
export type InstallationJobRow = typeof installationJobs.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
