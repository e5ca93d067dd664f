import {
  CONTACT_SUBJECT_VALUES,
  LATE_CAPTURE_REASONS,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  type InstallationAddress,
  type InvoiceSeller,
} from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export interface OrderItem {
  catalog_id: string;
  name: string;
  quantity: number;
  unit_paise: number;
}

/** A storefront order with the payment provider (sandbox or Razorpay). Amounts in integer paise. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** sandbox | razorpay */
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerOrderId: text('provider_order_id').notNull().unique(),
    receipt: text('receipt').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    /** created | attempted | paid (contract ORDER_STATUSES) */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    items: jsonb('items').$type<OrderItem[]>().notNull().default([]),
    notes: jsonb('notes').$type<Record<string, string>>(),
    customerName: text('customer_name'),
    customerEmail: text('customer_email'),
    customerPhone: text('customer_phone'),
    paymentId: text('payment_id').unique(),
    failureReason: text('failure_reason'),
    /** The buyer's account, found or created by e-mail when the order is paid (issue 15). */
    customerId: text('customer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Whether an item needs installation (then `installation_address` is set and payment makes a job). */
    needsInstallation: boolean('needs_installation').notNull().default(false),
    installationAddress: jsonb('installation_address').$type<InstallationAddress>(),
    /** Where the goods are delivered (the installation address when none was given). */
    deliveryAddress: jsonb('delivery_address').$type<InstallationAddress>(),
    /** The provider's refund id, when an admin refunded the paid order. */
    refundId: text('refund_id'),
    /**
     * The idempotency key of the refund asked of the provider (ADR 044): set before the call, kept while its
     * outcome is unknown (a retry sends the same request), cleared when the provider refused it.
     */
    refundKey: text('refund_key'),
    /** When the refund with `refund_key` was sent; null once the provider answered (a call in flight is 409). */
    refundRequestedAt: timestamptz('refund_requested_at'),
    /** The reason sent with `refund_key` (a retry repeats the first request exactly). */
    refundReason: text('refund_reason'),
    refundedAt: timestamptz('refunded_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamptz('paid_at'),
    /** The quote this order pays (its `notes.quote_id`): at most one open order per quote (QuoteService.order). */
    quoteId: text('quote_id'),
    /**
     * The tax invoice, issued in the transaction that marks the order paid (issue 29): its number in the
     * financial year's series (`IS2627-000123`), the year and sequence, the seller as the settings named it then,
     * and the place of supply (the buyer's GST state code).
     */
    invoiceNumber: text('invoice_number').unique(),
    invoiceFinancialYear: text('invoice_financial_year'),
    invoiceSequence: integer('invoice_sequence'),
    invoiceSeller: jsonb('invoice_seller').$type<InvoiceSeller>(),
    placeOfSupply: text('place_of_supply'),
  },
  (t) => [
    // a quote's orders (the one open order of a quote, found under the quote's row lock)
    index('orders_quote_idx')
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null`),
    index('orders_created_idx').on(t.createdAt.desc()),
    // the admin list filtered by status, newest first
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
    // search by customer name or e-mail (case-insensitive substring), as users (ADR 022)
    index('orders_customer_name_trgm_idx').using('gin', t.customerName.op('gin_trgm_ops')),
    index('orders_customer_email_trgm_idx').using('gin', t.customerEmail.op('gin_trgm_ops')),
    // reports: paid orders by the time they were paid, with the amount (an index-only range scan)
    index('orders_paid_idx')
      .on(t.paidAt, t.amountPaise)
      .where(sql`${t.status} = 'paid'`),
    // an owner's orders (GET /api/orders)
    index('orders_customer_idx').on(t.customerId, t.createdAt.desc()),
  ],
);

/**
 * The last invoice number of each financial year ('2026-27'): incremented in the transaction that marks an
 * order paid, so the series has no gap (a rolled-back payment rolls its number back) and no duplicate (the row
 * lock orders concurrent payments).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * Payments captured for an order that could not take them (issue 29): a closed order (cancelled, refunded), an
 * order already paid with another payment, or a quote already paid through another order. Never applied to the
 * order; listed for the admin to refund (one click), with the refund's idempotency key as orders have (ADR 044).
 */
export const lateCaptures = pgTable(
  'late_captures',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason', { enum: LATE_CAPTURE_REASONS }).notNull(),
    orderStatus: text('order_status', { enum: ORDER_STATUSES }).notNull(),
    refundId: text('refund_id'),
    refundKey: text('refund_key'),
    refundRequestedAt: timestamptz('refund_requested_at'),
    refundedAt: timestamptz('refunded_at'),
    createdAt: createdAt(),
  },
  (t) => [index('late_captures_created_idx').on(t.createdAt.desc())],
);
export type LateCaptureRow = typeof lateCaptures.$inferSelect;

/** Provider webhook events, kept by event id so a redelivered event is processed once. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  providerOrderId: text('provider_order_id'),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject', { enum: CONTACT_SUBJECT_VALUES }).notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    /** When an admin marked the message handled (null while it waits), and who (kept if they go). */
    handledAt: timestamptz('handled_at'),
    handledBy: text('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    // the admin's default view: the messages still waiting, newest first
    index('contact_messages_open_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.handledAt} is null`),
    // search by name or e-mail (case-insensitive substring), as users (ADR 022)
    index('contact_messages_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('contact_messages_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

export const newsletterSubscriptions = pgTable('newsletter_subscriptions', {
  id: id(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewsletterSubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
