import { randomUUID } from 'node:crypto';
import {
  anyNeedsInstallation,
  CURRENCY,
  ORDER_ACTION_MSG,
  orderStatusesBefore,
  SELLER,
  type InvoiceSeller,
  type AdminOrderListQuery,
  type Order,
  type InstallationAddress,
  type CreateOrderBody,
  type CreateOrderResponse,
} from '@isaac/contract';
import { and, eq, ilike, inArray, notExists, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { orders, quotes, type OrderItem, type OrderRow } from '../../db/schema/index.ts';
import type { EventBus } from '../../events.ts';
import { issueInvoice } from './store.ts';
import { cancelJobOfOrder } from '../installations/jobs.ts';
import { recordLateCapture } from './late-captures.ts';

import { badRequest, conflict, HttpError, notFound } from '../../plugins/errors.ts';
import {
  ProviderCallError,
  REFUND_IN_FLIGHT_MS,
  type OrderProvider,
  type ProviderRefund,
} from './order-provider.ts';
import { presentOrder } from './presenter.ts';
import { assertAmountMatches, assertReceipt, priceOrder } from './pricing.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';

/** The column of each sort of the admin's order list (names without regard to case). */
const ORDER_SORT_COLUMNS: Record<AdminOrderListQuery['sort'], AnyColumn | SQL> = {
  created_at: orders.createdAt,
  customer_name: sql`lower(${orders.customerName})`,
  amount: orders.amountPaise,
  status: orders.status,
  paid_at: orders.paidAt,
};

export const ORDER_MSG = {
  addressRequired: 'Enter the installation address: our electrician installs this at your home.',
} as const;

/** The business name the checkout shows. */
export const BUSINESS_NAME = 'Isaac';

export { REFUND_IN_FLIGHT_MS };

/**
 * What marking an order paid did. `closed`: the order is cancelled or refunded; `conflict`: it is paid with another
 * payment, or its quote was paid through another order, or the payment id pays another order. A `closed` or
 * `conflict` capture of a new payment is recorded for a refund (`lateCapture`), the order unchanged.
 */
export type MarkPaidResult =
  | { outcome: 'paid' | 'already_paid'; order: OrderRow }
  | { outcome: 'closed'; order: OrderRow; lateCapture: boolean }
  | { outcome: 'conflict'; order: OrderRow; lateCapture: boolean }
  | { outcome: 'not_found' };

/** How an order is named in the activity log: what was bought and by whom. */
const orderName = (order: Pick<OrderRow, 'notes' | 'customerName'>) =>
  `${order.notes?.product ?? 'Order'} for ${order.customerName ?? 'a customer'}`;

/**
 * Orders: created from the catalog (server-side amounts), then marked paid or attempted exactly once.
 * Each step is recorded in the activity log in its own statement's transaction (order.created,
 * payment.verified, payment.failed), never the card or signature details.
 */
export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly provider: OrderProvider,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    /** The seller on the invoices (config `seller`, the SELLER_* settings). */
    private readonly seller: InvoiceSeller = {
      legal_name: SELLER.name,
      address: SELLER.address,
      state: SELLER.state,
      state_code: SELLER.stateCode,
      gstin: SELLER.gstin,
    },
    /** `order.paid` is published in the transaction that marks an order paid (fulfilment listens). */
    private readonly events: EventBus | null = null,
  ) {}

  /**
   * POST /api/create-order: checks the receipt, prices the order from the catalog, rejects a differing
   * client amount, creates the provider order and stores it with status `created`.
   */
  async create(input: CreateOrderBody, context: AuditContext): Promise<CreateOrderResponse> {
    assertReceipt(input.receipt);
    const priced = priceOrder(input.notes.product, input.items);
    assertAmountMatches(input.amount, priced.amount);

    const notes: Record<string, string> = {
      product: input.notes.product.trim(),
      customer_name: input.notes.customer_name.trim(),
      customer_email: input.notes.customer_email.trim(),
      customer_phone: (input.notes.customer_phone ?? '').trim(),
    };
    // An item our electricians install needs the address they go to (checked against the catalog, not the client).
    const needsInstallation = anyNeedsInstallation(priced.items.map((item) => item.catalog_id));
    if (needsInstallation && !input.installation_address) {
      throw badRequest(ORDER_MSG.addressRequired, [
        { path: 'installation_address', message: ORDER_MSG.addressRequired },
      ]);
    }
    return this.place(
      {
        receipt: input.receipt,
        amount: priced.amount,
        items: priced.items,
        notes,
        installationAddress: needsInstallation ? (input.installation_address ?? null) : null,
        deliveryAddress: input.delivery_address ?? null,
      },
      context,
    );
  }

  /**
   * Creates the provider order for a server-computed amount and stores it (status `created`) with its
   * activity record: the catalog checkout above, and a quote's checkout (the quote's price, `quoteId`, in the
   * quote's transaction `db`, which holds the quote's row lock).
   */
  async place(
    input: {
      receipt: string;
      amount: number;
      items: OrderItem[];
      notes: Record<string, string>;
      installationAddress: InstallationAddress | null;
      deliveryAddress?: InstallationAddress | null;
      quoteId?: string;
    },
    context: AuditContext,
    db: Db | Tx = this.db,
  ): Promise<CreateOrderResponse> {
    const { notes } = input;
    const priced = { amount: input.amount, items: input.items };
    const providerOrder = await this.provider.createOrder({
      amount: priced.amount,
      currency: CURRENCY,
      receipt: input.receipt,
      notes,
    });
    if (providerOrder.amount !== priced.amount || providerOrder.currency !== CURRENCY) {
      throw new HttpError(
        502,
        'payment_provider_error',
        'Payment provider created an order with a different amount',
      );
    }

    const store = async (tx: Db | Tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          provider: this.provider.name,
          providerOrderId: providerOrder.id,
          receipt: input.receipt,
          amountPaise: priced.amount,
          currency: CURRENCY,
          status: 'created',
          items: priced.items,
          notes,
          customerName: notes.customer_name,
          customerEmail: notes.customer_email,
          customerPhone: notes.customer_phone || null,
          needsInstallation: input.installationAddress !== null,
          installationAddress: input.installationAddress,
          deliveryAddress: input.deliveryAddress ?? input.installationAddress,
          quoteId: input.quoteId ?? null,
        })
        .returning();
      if (!order) throw new Error('order insert returned no row');
      await this.audit.record(tx, context, {
        action: 'order.created',
        entity: { type: 'order', id: order.providerOrderId, name: orderName(order) },
        changes: {
          status: { before: null, after: 'created' },
          amount: { before: null, after: priced.amount },
        },
      });
    };
    await (db === this.db ? this.db.transaction(store) : store(db));
    return this.checkoutOf({ providerOrderId: providerOrder.id, amountPaise: priced.amount });
  }

  /** What the checkout needs to pay an order (POST /api/create-order's answer). */
  checkoutOf(order: Pick<OrderRow, 'providerOrderId' | 'amountPaise'>): CreateOrderResponse {
    return {
      order_id: order.providerOrderId,
      amount: order.amountPaise,
      currency: CURRENCY,
      key_id: this.provider.keyId,
      provider: this.provider.name,
      business_name: BUSINESS_NAME,
    };
  }

  async findByProviderOrderId(providerOrderId: string): Promise<OrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(eq(orders.providerOrderId, providerOrderId))
      .limit(1);
    return row;
  }

  /**
   * Marks an order paid with `paymentId`, exactly once: a conditional UPDATE … WHERE status IN the statuses
   * `paid` may follow (ORDER_TRANSITIONS: `created`, `attempted`). In the same transaction the invoice is
   * issued (its number in the financial year's series) and the payment's fulfilment runs. Paying again with the
   * same payment id is `already_paid` (idempotent). A new payment that cannot be applied — the order is closed
   * (`closed`), paid with another payment, or its quote paid through another order (`conflict`) — is recorded
   * for a refund (late_captures) and changes nothing else: no reopening, no confirmation.
   */
  async markPaid(
    providerOrderId: string,
    paymentId: string,
    context: AuditContext,
    db: Db | Tx = this.db,
  ): Promise<MarkPaidResult> {
    const at = this.now();
    const other = alias(orders, 'other_order');
    const pay = async (tx: Db | Tx): Promise<MarkPaidResult | undefined> => {
      const [current] = await tx
        .select()
        .from(orders)
        .where(eq(orders.providerOrderId, providerOrderId))
        .limit(1);
      if (!current) return { outcome: 'not_found' };
      // A quote is paid once: its row lock orders two payments of two of its orders; the second is refunded.
      if (current.quoteId && current.paymentId !== paymentId) {
        const [quote] = await tx
          .select({ paidAt: quotes.paidAt, orderId: quotes.orderId })
          .from(quotes)
          .where(eq(quotes.id, current.quoteId))
          .limit(1)
          .for('update');
        if (quote?.paidAt && quote.orderId !== current.id) {
          const late = await this.recordLate(tx, current, paymentId, 'quote_paid', context);
          return { outcome: 'conflict', order: current, lateCapture: late };
        }
      }
      const [paid] = await tx
        .update(orders)
        .set({ status: 'paid', paymentId, paidAt: at, updatedAt: at, failureReason: null })
        .where(
          and(
            eq(orders.providerOrderId, providerOrderId),
            // Only an order still waiting for its payment: a paid one never changes, and a cancelled or refunded
            // one is closed (a late payment for it is recorded for a refund, not applied).
            inArray(orders.status, orderStatusesBefore('paid')),
            // A payment id pays one order only.
            notExists(tx.select({ id: other.id }).from(other).where(eq(other.paymentId, paymentId))),
          ),
        )
        .returning();
      if (!paid) return undefined;
      const invoiced = await issueInvoice(tx, paid, at, this.seller);
      // What the payment makes (the buyer's account, the installation job, e-mails): in this transaction.
      await this.events?.publish('order.paid', { tx, order: invoiced, context });
      await this.audit.record(tx, context, {
        action: 'payment.verified',
        entity: { type: 'order', id: paid.providerOrderId, name: orderName(paid) },
        changes: {
          status: { before: null, after: 'paid' },
          payment_id: { before: null, after: paymentId },
          invoice: { before: null, after: invoiced.invoiceNumber },
        },
      });
      return { outcome: 'paid', order: invoiced };
    };
    const inTransaction = (tx: Db | Tx) =>
      pay(tx).then(async (result) => result ?? (await this.notPaid(tx, providerOrderId, paymentId, context)));
    try {
      // In the caller's transaction (the webhook's), else in one of its own with the activity record.
      return db === this.db ? await this.db.transaction(inTransaction) : await inTransaction(db);
    } catch (error) {
      // Two requests racing to use one payment id for two orders: inside a transaction, let it roll back.
      if (!isUniqueViolation(error) || db !== this.db) throw error;
    }
    return this.db.transaction((tx) => this.notPaid(tx, providerOrderId, paymentId, context));
  }

  /** Why the payment did not pay the order, recording a new payment that cannot be applied for a refund. */
  private async notPaid(
    tx: Db | Tx,
    providerOrderId: string,
    paymentId: string,
    context: AuditContext,
  ): Promise<MarkPaidResult> {
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.providerOrderId, providerOrderId))
      .limit(1);
    if (!order) return { outcome: 'not_found' };
    if (order.paymentId === paymentId) {
      // The order's own payment reported again (a paid order's, or a refunded one's: refunded already).
      return order.status === 'paid'
        ? { outcome: 'already_paid', order }
        : { outcome: 'closed', order, lateCapture: false };
    }
    const [elsewhere] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.paymentId, paymentId))
      .limit(1);
    // A payment id that pays another order is not a second payment of this one: nothing to refund here.
    if (elsewhere) return { outcome: 'conflict', order, lateCapture: false };
    const closed = order.status === 'cancelled' || order.status === 'refunded';
    const late = await this.recordLate(tx, order, paymentId, closed ? 'order_closed' : 'order_paid', context);
    return closed
      ? { outcome: 'closed', order, lateCapture: late }
      : { outcome: 'conflict', order, lateCapture: late };
  }

  /**
   * Records a new payment that cannot be applied (late_captures, for the admin to refund). An open order of a
   * quote paid through another order is cancelled with it: the quote takes no more payments.
   */
  private async recordLate(
    tx: Db | Tx,
    order: OrderRow,
    paymentId: string,
    reason: 'order_closed' | 'order_paid' | 'quote_paid',
    context: AuditContext,
  ): Promise<boolean> {
    await recordLateCapture(tx, this.audit, context, {
      order,
      paymentId,
      amountPaise: order.amountPaise,
      reason,
    });
    if (reason === 'quote_paid') {
      const at = this.now();
      const [cancelled] = await tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
        .where(and(eq(orders.id, order.id), inArray(orders.status, orderStatusesBefore('cancelled'))))
        .returning({ id: orders.id });
      if (cancelled) {
        await this.audit.record(tx, context, {
          action: 'order.cancelled',
          entity: { type: 'order', id: order.providerOrderId, name: orderName(order) },
          changes: {
            status: { before: order.status, after: 'cancelled' },
            reason: { before: null, after: 'Its quote was paid through another order' },
          },
        });
      }
    }
    return true;
  }

  /**
   * Records a failed payment attempt (status `attempted`, as Razorpay names it, with the reason) on an open
   * order only (ORDER_TRANSITIONS: from `created` or `attempted`): a paid, refunded or cancelled order never
   * changes for a failure. Returns whether a row changed.
   */
  async markAttempted(
    providerOrderId: string,
    reason: string,
    context: AuditContext,
    db: Db | Tx = this.db,
  ): Promise<boolean> {
    const at = this.now();
    const attempt = async (tx: Db | Tx) => {
      const [changed] = await tx
        .update(orders)
        .set({ status: 'attempted', failureReason: reason.slice(0, 500), updatedAt: at })
        .where(
          and(
            eq(orders.providerOrderId, providerOrderId),
            inArray(orders.status, orderStatusesBefore('attempted')),
          ),
        )
        .returning();
      if (!changed) return false;
      await this.audit.record(tx, context, {
        action: 'payment.failed',
        entity: { type: 'order', id: changed.providerOrderId, name: orderName(changed) },
        changes: {
          status: { before: null, after: 'attempted' },
          failure_reason: { before: null, after: changed.failureReason },
        },
      });
      return true;
    };
    return db === this.db ? this.db.transaction(attempt) : attempt(db);
  }

  /**
   * GET /api/admin/orders: in the query's order (newest first by default), one page with its total (one
   * query); `status` on
   * orders_status_created_idx; `search` a substring of the customer's name or e-mail (trigram indexes),
   * or an exact order id or payment id (unique indexes).
   */
  async list(query: AdminOrderListQuery) {
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(orders.status, query.status));
    if (query.search) {
      const pattern = containsPattern(query.search);
      const match = or(
        ilike(orders.customerName, pattern),
        ilike(orders.customerEmail, pattern),
        eq(orders.providerOrderId, query.search),
        eq(orders.paymentId, query.search),
      );
      if (match) conditions.push(match);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ order: orders, total: totalCount() })
      .from(orders)
      .where(where)
      .orderBy(...sortedBy(ORDER_SORT_COLUMNS, query, orders.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(orders, where));
    return listPage(
      'orders',
      rows.map((r) => presentOrder(r.order)),
      query,
      total,
    );
  }

  /**
   * POST /api/admin/orders/:id/cancel (issue 15): an order nobody has paid yet (`created`, or `attempted`
   * after a failed payment) becomes `cancelled`, recorded in the activity log with the admin's reason in
   * the same transaction; any other status is a 409. The row is locked while it changes.
   */
  async cancel(orderId: string, reason: string, context: AuditContext): Promise<Order> {
    return this.db.transaction(async (tx) => {
      const before = await this.lockOrder(tx, orderId);
      if (before.status !== 'created' && before.status !== 'attempted') {
        throw conflict(ORDER_ACTION_MSG.notCancellable);
      }
      const at = this.now();
      const [cancelled] = await tx
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: at, updatedAt: at })
        .where(and(eq(orders.id, before.id), inArray(orders.status, orderStatusesBefore('cancelled'))))
        .returning();
      if (!cancelled) throw conflict(ORDER_ACTION_MSG.notCancellable);
      await this.audit.record(tx, context, {
        action: 'order.cancelled',
        entity: { type: 'order', id: cancelled.providerOrderId, name: orderName(cancelled) },
        changes: {
          status: { before: before.status, after: 'cancelled' },
          ...(reason ? { reason: { before: null, after: reason } } : {}),
        },
      });
      return presentOrder(cancelled);
    });
  }

  /**
   * POST /api/admin/orders/:id/refund (issue 15): refunds a paid order's full amount through the provider,
   * then marks it `refunded` with the provider's refund id, cancels its installation job (deleting the
   * electrician's installation while it is still pending) and records `order.refunded` — in one transaction.
   *
   * The provider is called with no transaction open and no row locked (ADR 044): a first short transaction
   * records the refund's idempotency key (a new one, or the one of an earlier attempt whose outcome is
   * unknown, with that attempt's reason, so the retry is the very same request); the call follows; then the
   * result is written. A refund already in flight is 409; so is a refunded order (one refund per order). When
   * the provider refuses, the key is cleared (the next attempt is a new request); when the outcome is unknown
   * (a timeout), it is kept, and the next attempt cannot refund twice.
   */
  async refund(orderId: string, reason: string, context: AuditContext): Promise<Order> {
    const attempt = await this.db.transaction(async (tx) => {
      const before = await this.lockOrder(tx, orderId);
      if (before.status === 'refunded' || before.refundId !== null) {
        throw conflict(ORDER_ACTION_MSG.alreadyRefunded);
      }
      if (before.status !== 'paid' || before.paymentId === null) {
        throw conflict(ORDER_ACTION_MSG.notRefundable);
      }
      const now = this.now();
      if (
        before.refundRequestedAt !== null &&
        now.getTime() - before.refundRequestedAt.getTime() < REFUND_IN_FLIGHT_MS
      ) {
        throw conflict(ORDER_ACTION_MSG.refundInProgress);
      }
      const key = before.refundKey ?? randomUUID();
      const sentReason = before.refundKey === null ? reason : (before.refundReason ?? '');
      await tx
        .update(orders)
        .set({ refundKey: key, refundRequestedAt: now, refundReason: sentReason })
        .where(eq(orders.id, before.id));
      return { paymentId: before.paymentId, key, reason: sentReason, before };
    });

    const notes: Record<string, string> = { order_id: attempt.before.providerOrderId };
    if (attempt.reason) notes.reason = attempt.reason;
    let refund: ProviderRefund;
    try {
      refund = await this.provider.refund(attempt.paymentId, attempt.before.amountPaise, notes, attempt.key);
    } catch (error) {
      const refused = error instanceof ProviderCallError && error.refused;
      await this.db
        .update(orders)
        .set(
          refused
            ? { refundKey: null, refundRequestedAt: null, refundReason: null }
            : { refundRequestedAt: null },
        )
        .where(and(eq(orders.id, attempt.before.id), eq(orders.refundKey, attempt.key)))
        // The provider's answer is what the admin needs to see; were this write lost too, the attempt only
        // counts as in flight until REFUND_IN_FLIGHT_MS has passed.
        .catch(() => undefined);
      throw error;
    }

    return this.db.transaction(async (tx) => {
      const before = await this.lockOrder(tx, orderId);
      if (before.refundId !== null) throw conflict(ORDER_ACTION_MSG.alreadyRefunded);
      const at = this.now();
      const [refunded] = await tx
        .update(orders)
        .set({
          status: 'refunded',
          refundId: refund.id,
          refundedAt: at,
          refundRequestedAt: null,
          updatedAt: at,
        })
        .where(and(eq(orders.id, before.id), inArray(orders.status, orderStatusesBefore('refunded'))))
        .returning();
      if (!refunded) throw conflict(ORDER_ACTION_MSG.notRefundable);
      const job = await cancelJobOfOrder(tx, before.id, at);
      await this.events?.publish('order.refunded', { tx, order: refunded });
      await this.audit.record(tx, context, {
        action: 'order.refunded',
        entity: { type: 'order', id: refunded.providerOrderId, name: orderName(refunded) },
        changes: {
          status: { before: before.status, after: 'refunded' },
          refund_id: { before: null, after: refund.id },
          amount: { before: null, after: before.amountPaise },
          ...(attempt.reason ? { reason: { before: null, after: attempt.reason } } : {}),
          ...(job
            ? {
                installation_job: { before: 'open', after: 'cancelled' },
                ...(job.removedInstallation
                  ? { pending_installation: { before: job.installationId, after: null } }
                  : {}),
              }
            : {}),
        },
      });
      return presentOrder(refunded);
    });
  }

  /** An order's row, locked until the transaction ends (404 when there is none). */
  private async lockOrder(tx: Tx, orderId: string): Promise<OrderRow> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
    if (!row) throw notFound(ORDER_ACTION_MSG.notFound);
    return row;
  }
}
