import { CURRENCY, type CreateOrderBody, type CreateOrderResponse, type PageQuery } from '@isaac/contract';
import { and, desc, eq, ne, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { listPage, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { orders, type OrderRow } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { OrderProvider } from './order-provider.ts';
import { presentOrder } from './presenter.ts';
import { assertAmountMatches, assertReceipt, priceOrder } from './pricing.ts';

/** The business name the checkout shows. */
export const BUSINESS_NAME = 'Isaac';

export type MarkPaidResult =
  | { outcome: 'paid' | 'already_paid'; order: OrderRow }
  | { outcome: 'conflict'; order: OrderRow }
  | { outcome: 'not_found' };

/** Orders: created from the catalog (server-side amounts), then marked paid or attempted exactly once. */
export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly provider: OrderProvider,
    private readonly now: () => Date,
  ) {}

  /**
   * POST /api/create-order: checks the receipt, prices the order from the catalog, rejects a differing
   * client amount, creates the provider order and stores it with status `created`.
   */
  async create(input: CreateOrderBody): Promise<CreateOrderResponse> {
    assertReceipt(input.receipt);
    const priced = priceOrder(input.notes.product, input.items);
    assertAmountMatches(input.amount, priced.amount);

    const notes: Record<string, string> = {
      product: input.notes.product.trim(),
      customer_name: input.notes.customer_name.trim(),
      customer_email: input.notes.customer_email.trim(),
      customer_phone: (input.notes.customer_phone ?? '').trim(),
    };
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

    await this.db.insert(orders).values({
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
    });

    return {
      order_id: providerOrder.id,
      amount: priced.amount,
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
   * Marks an order paid with `paymentId`, exactly once: a conditional UPDATE … WHERE status <> 'paid'.
   * Paying again with the same payment id is `already_paid` (idempotent); a different one is `conflict`.
   */
  async markPaid(providerOrderId: string, paymentId: string, db: Db = this.db): Promise<MarkPaidResult> {
    const at = this.now();
    const other = alias(orders, 'other_order');
    let updated: OrderRow | undefined;
    try {
      [updated] = await db
        .update(orders)
        .set({ status: 'paid', paymentId, paidAt: at, updatedAt: at, failureReason: null })
        .where(
          and(
            eq(orders.providerOrderId, providerOrderId),
            ne(orders.status, 'paid'),
            // A payment id pays one order only.
            notExists(db.select({ id: other.id }).from(other).where(eq(other.paymentId, paymentId))),
          ),
        )
        .returning();
    } catch (error) {
      // Two requests racing to use one payment id for two orders: inside a transaction, let it roll back.
      if (!isUniqueViolation(error) || db !== this.db) throw error;
    }
    if (updated) return { outcome: 'paid', order: updated };
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.providerOrderId, providerOrderId))
      .limit(1);
    if (!order) return { outcome: 'not_found' };
    return {
      outcome: order.status === 'paid' && order.paymentId === paymentId ? 'already_paid' : 'conflict',
      order,
    };
  }

  /**
   * Records a failed payment attempt (status `attempted`, as Razorpay names it, with the reason),
   * unless the order is already paid: a paid order never goes back. Returns whether a row changed.
   */
  async markAttempted(providerOrderId: string, reason: string, db: Db = this.db): Promise<boolean> {
    const at = this.now();
    const changed = await db
      .update(orders)
      .set({ status: 'attempted', failureReason: reason.slice(0, 500), updatedAt: at })
      .where(and(eq(orders.providerOrderId, providerOrderId), ne(orders.status, 'paid')))
      .returning({ id: orders.id });
    return changed.length > 0;
  }

  /** GET /api/admin/orders: newest first, one page (with its total, one query). */
  async list(query: PageQuery) {
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ order: orders, total: totalCount() })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(orders));
    return listPage(
      'orders',
      rows.map((r) => presentOrder(r.order)),
      query,
      total,
    );
  }
}
