import { randomUUID } from 'node:crypto';
import {
  LATE_CAPTURE_MSG,
  type LateCapture,
  type LateCaptureList,
  type LateCaptureReason,
} from '@isaac/contract';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lateCaptures, orders, type LateCaptureRow, type OrderRow } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import { ProviderCallError, REFUND_IN_FLIGHT_MS, type OrderProvider } from './order-provider.ts';

/** How many late captures the admin's list shows (those to refund first): a rare event, never a long list. */
export const LATE_CAPTURES_LIMIT = 100;

const orderName = (order: Pick<OrderRow, 'notes' | 'customerName'>) =>
  `${order.notes?.product ?? 'Order'} for ${order.customerName ?? 'a customer'}`;

function present(row: LateCaptureRow, order: OrderRow): LateCapture {
  return {
    _id: row.id,
    order_id: order.providerOrderId,
    payment_id: row.paymentId,
    amount: row.amountPaise,
    reason: row.reason,
    order_status: row.orderStatus,
    customer_name: order.customerName ?? '',
    customer_email: order.customerEmail ?? '',
    captured_at: row.createdAt.toISOString(),
    refund_id: row.refundId,
    refunded_at: row.refundedAt?.toISOString() ?? null,
  };
}

/**
 * Records a payment captured for an order that cannot take it (issue 29): once per payment id (a redelivered
 * webhook or a repeated verification records nothing new), with its activity record, in the caller's
 * transaction. The order itself is not touched: it is never reopened, and no confirmation is sent.
 */
export async function recordLateCapture(
  tx: Db | Tx,
  audit: AuditLog,
  context: AuditContext,
  input: { order: OrderRow; paymentId: string; amountPaise: number; reason: LateCaptureReason },
): Promise<LateCaptureRow | null> {
  const [row] = await tx
    .insert(lateCaptures)
    .values({
      orderId: input.order.id,
      paymentId: input.paymentId,
      amountPaise: input.amountPaise,
      reason: input.reason,
      orderStatus: input.order.status,
    })
    .onConflictDoNothing({ target: lateCaptures.paymentId })
    .returning();
  if (!row) return null;
  await audit.record(tx, context, {
    action: 'payment.captured_after_close',
    entity: { type: 'order', id: input.order.providerOrderId, name: orderName(input.order) },
    changes: {
      payment_id: { before: null, after: input.paymentId },
      reason: { before: null, after: input.reason },
      order_status: { before: null, after: input.order.status },
    },
  });
  return row;
}

/**
 * The admin's list of payments captured after their order closed (or a second payment of a paid order or
 * quote), and their one-click refund: the same idempotent provider call as an order's refund (ADR 044), with
 * no transaction open while the provider answers.
 */
export class LateCaptureService {
  constructor(
    private readonly db: Db,
    private readonly provider: OrderProvider,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  /** GET /api/admin/late-captures: those still to refund first, then the refunded; newest first in each. */
  async list(): Promise<LateCaptureList> {
    const rows = await this.db
      .select({ capture: lateCaptures, order: orders })
      .from(lateCaptures)
      .innerJoin(orders, eq(orders.id, lateCaptures.orderId))
      .orderBy(
        asc(sql`${lateCaptures.refundedAt} is not null`),
        desc(lateCaptures.createdAt),
        desc(lateCaptures.id),
      )
      .limit(LATE_CAPTURES_LIMIT);
    const open = await this.db.$count(lateCaptures, isNull(lateCaptures.refundedAt));
    return { late_captures: rows.map((row) => present(row.capture, row.order)), open };
  }

  /** POST /api/admin/late-captures/:id/refund: refunds the payment in full, once. */
  async refund(id: string, context: AuditContext): Promise<LateCapture> {
    const attempt = await this.db.transaction(async (tx) => {
      const { capture, order } = await this.lock(tx, id);
      if (capture.refundId !== null) throw conflict(LATE_CAPTURE_MSG.alreadyRefunded);
      const now = this.now();
      if (
        capture.refundRequestedAt !== null &&
        now.getTime() - capture.refundRequestedAt.getTime() < REFUND_IN_FLIGHT_MS
      ) {
        throw conflict(LATE_CAPTURE_MSG.refundInProgress);
      }
      const key = capture.refundKey ?? randomUUID();
      await tx
        .update(lateCaptures)
        .set({ refundKey: key, refundRequestedAt: now })
        .where(eq(lateCaptures.id, capture.id));
      return { capture, order, key };
    });

    let refundId: string;
    try {
      const refund = await this.provider.refund(
        attempt.capture.paymentId,
        attempt.capture.amountPaise,
        { order_id: attempt.order.providerOrderId, reason: attempt.capture.reason },
        attempt.key,
      );
      refundId = refund.id;
    } catch (error) {
      const refused = error instanceof ProviderCallError && error.refused;
      await this.db
        .update(lateCaptures)
        .set(refused ? { refundKey: null, refundRequestedAt: null } : { refundRequestedAt: null })
        .where(and(eq(lateCaptures.id, attempt.capture.id), eq(lateCaptures.refundKey, attempt.key)))
        .catch(() => undefined);
      throw error;
    }

    return this.db.transaction(async (tx) => {
      const { capture, order } = await this.lock(tx, id);
      if (capture.refundId !== null) throw conflict(LATE_CAPTURE_MSG.alreadyRefunded);
      const at = this.now();
      const [refunded] = await tx
        .update(lateCaptures)
        .set({ refundId, refundedAt: at, refundRequestedAt: null })
        .where(and(eq(lateCaptures.id, capture.id), isNull(lateCaptures.refundId)))
        .returning();
      if (!refunded) throw conflict(LATE_CAPTURE_MSG.alreadyRefunded);
      await this.audit.record(tx, context, {
        action: 'payment.late_refunded',
        entity: { type: 'order', id: order.providerOrderId, name: orderName(order) },
        changes: {
          payment_id: { before: null, after: capture.paymentId },
          refund_id: { before: null, after: refundId },
          amount: { before: null, after: capture.amountPaise },
        },
      });
      return present(refunded, order);
    });
  }

  private async lock(tx: Tx, id: string): Promise<{ capture: LateCaptureRow; order: OrderRow }> {
    const [row] = await tx
      .select({ capture: lateCaptures, order: orders })
      .from(lateCaptures)
      .innerJoin(orders, eq(orders.id, lateCaptures.orderId))
      .where(eq(lateCaptures.id, id))
      .limit(1)
      .for('update', { of: lateCaptures });
    if (!row) throw notFound(LATE_CAPTURE_MSG.notFound);
    return row;
  }
}
