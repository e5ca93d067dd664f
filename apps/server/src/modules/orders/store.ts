import { financialYearOf, invoiceNumber, type InvoiceSeller } from '@isaac/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orders, type OrderRow } from '../../db/schema/index.ts';
import { catchUpInvoiceCounters, placeOfSupplyOf, takeInvoiceSequence } from '../invoices/issue.ts';

/**
 * Writes of `orders` other modules ask for (issue 31, ADR 063): the orders module owns the table; fulfilment
 * links a paid order to its buyer's account, and an order paid is invoiced here, in the caller's transaction.
 */

/** The paid order belongs to the buyer's account (found or created by fulfilment). */
export async function linkCustomer(tx: Db | Tx, orderId: string, customerId: string): Promise<void> {
  await tx.update(orders).set({ customerId }).where(eq(orders.id, orderId));
}

/**
 * Issues the order's tax invoice in the transaction that marks it paid: the next number of the payment's
 * financial year (`takeInvoiceSequence`), the seller as configured now, and the place of supply. An order that
 * already has its invoice keeps it.
 */
export async function issueInvoice(
  tx: Db | Tx,
  order: OrderRow,
  paidAt: Date,
  seller: InvoiceSeller,
): Promise<OrderRow> {
  if (order.invoiceNumber) return order;
  const financialYear = financialYearOf(paidAt);
  const sequence = await takeInvoiceSequence(tx, financialYear);
  const [issued] = await tx
    .update(orders)
    .set({
      invoiceNumber: invoiceNumber(financialYear, sequence),
      invoiceFinancialYear: financialYear,
      invoiceSequence: sequence,
      invoiceSeller: seller,
      placeOfSupply: placeOfSupplyOf(order, seller),
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (!issued) throw new Error('order update returned no row');
  return issued;
}

/**
 * Numbers the paid orders that have no invoice yet (the demo seed's, written directly), in the order they were
 * paid, continuing each financial year's series (the counters catch up after) — as migration 0021 did for the orders paid before it.
 */
export async function numberUninvoicedOrders(db: Db | Tx): Promise<void> {
  await db.execute(sql`
    WITH "numbered" AS (
      SELECT "paid"."id", "label"."fy",
        coalesce((SELECT "last_number" FROM "invoice_counters" WHERE "financial_year" = "label"."fy"), 0)
          + row_number() OVER (PARTITION BY "label"."fy" ORDER BY "paid"."paid_at", "paid"."id") AS "seq"
      FROM (
        SELECT "id", "paid_at",
          (CASE WHEN extract(month FROM "paid_at" AT TIME ZONE 'Asia/Kolkata') >= 4
            THEN extract(year FROM "paid_at" AT TIME ZONE 'Asia/Kolkata')::int
            ELSE extract(year FROM "paid_at" AT TIME ZONE 'Asia/Kolkata')::int - 1 END) AS "start"
        FROM "orders"
        WHERE "status" IN ('paid', 'refunded') AND "paid_at" IS NOT NULL AND "invoice_number" IS NULL
      ) AS "paid",
      LATERAL (SELECT "paid"."start"::text || '-' || lpad((("paid"."start" + 1) % 100)::text, 2, '0') AS "fy") AS "label"
    )
    UPDATE "orders" SET
      "invoice_financial_year" = "numbered"."fy",
      "invoice_sequence" = "numbered"."seq",
      "invoice_number" = 'IS' || substr("numbered"."fy", 3, 2) || substr("numbered"."fy", 6, 2) || '-'
        || lpad("numbered"."seq"::text, 6, '0')
    FROM "numbered" WHERE "orders"."id" = "numbered"."id"`);
  await catchUpInvoiceCounters(db);
}
