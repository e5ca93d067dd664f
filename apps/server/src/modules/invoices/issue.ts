import {
  financialYearOf,
  GST_RATE_PERCENT,
  GST_STATES,
  invoiceLine,
  stateCodeOfPincode,
  tariffCodeOf,
  type Invoice,
  type InvoiceLine,
  type InvoiceSeller,
  type TaxKind,
} from '@isaac/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invoiceCounters, type OrderRow } from '../../db/schema/index.ts';

/**
 * Where a supply to this order's buyer takes place (GST): the buyer's state, from the installation address's PIN
 * code; with no address on record (an unregistered buyer of a self-install item), the seller's own state.
 */
export function placeOfSupplyOf(
  order: Pick<OrderRow, 'installationAddress'>,
  seller: Pick<InvoiceSeller, 'state_code'>,
): string {
  const pincode = order.installationAddress?.pincode;
  return (pincode ? stateCodeOfPincode(pincode) : undefined) ?? seller.state_code;
}

/**
 * The next invoice number of a financial year, in the transaction that marks an order paid: the counter row's
 * UPDATE locks it until the transaction ends, so concurrent payments take consecutive numbers, and a payment
 * that rolls back returns its number.
 */
export async function takeInvoiceSequence(tx: Db | Tx, financialYear: string): Promise<number> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.financialYear,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!counter) throw new Error('invoice counter returned no row');
  return counter.lastNumber;
}

/**
 * Each financial year's counter continues after the highest number its orders carry (the demo seed's orders,
 * numbered by `numberUninvoicedOrders` of the orders module, as migration 0021 did for the orders paid before it).
 */
export async function catchUpInvoiceCounters(db: Db | Tx): Promise<void> {
  await db.execute(sql`
    INSERT INTO "invoice_counters" ("financial_year", "last_number")
      SELECT "invoice_financial_year", max("invoice_sequence") FROM "orders"
      WHERE "invoice_financial_year" IS NOT NULL GROUP BY "invoice_financial_year"
    ON CONFLICT ("financial_year") DO UPDATE SET "last_number" = excluded."last_number"`);
}

const tariff = (catalogId: string): string => tariffCodeOf(catalogId)?.code ?? '';

/**
 * An order's invoice lines (prices include GST). A line per item when the items add up to what was paid; else (a
 * quote's package price) one line for the package naming its items, under the code of its principal supply (the
 * item of the highest catalog value, GST's rule for a composite supply).
 */
export function invoiceLines(
  order: Pick<OrderRow, 'items' | 'amountPaise' | 'notes'>,
  taxKind: TaxKind,
): InvoiceLine[] {
  const itemsTotal = order.items.reduce((sum, item) => sum + item.unit_paise * item.quantity, 0);
  if (order.items.length > 0 && itemsTotal === order.amountPaise) {
    return order.items.map((item) =>
      invoiceLine(
        {
          description: item.name,
          hsn: tariff(item.catalog_id),
          quantity: item.quantity,
          unitAmount: item.unit_paise,
          total: item.unit_paise * item.quantity,
        },
        taxKind,
      ),
    );
  }
  const product = order.notes?.product ?? 'Package';
  const principal = order.items.reduce<(typeof order.items)[number] | undefined>(
    (best, item) =>
      !best || item.unit_paise * item.quantity > best.unit_paise * best.quantity ? item : best,
    undefined,
  );
  return [
    invoiceLine(
      {
        description:
          order.items.length > 0
            ? `${product}: ${order.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}`
            : product,
        hsn: principal ? tariff(principal.catalog_id) : '',
        quantity: 1,
        unitAmount: order.amountPaise,
        total: order.amountPaise,
      },
      taxKind,
    ),
  ];
}

/** The tax invoice of a paid order that has its number (OrderRow → contract `invoiceSchema`). */
export function presentInvoice(order: OrderRow, currentSeller: InvoiceSeller): Invoice {
  if (!order.invoiceNumber || !order.paidAt) throw new Error('the order has no invoice');
  const seller = order.invoiceSeller ?? currentSeller;
  const placeOfSupply = order.placeOfSupply ?? placeOfSupplyOf(order, seller);
  const taxKind: TaxKind = placeOfSupply === seller.state_code ? 'intra' : 'inter';
  const lines = invoiceLines(order, taxKind);
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    number: order.invoiceNumber,
    date: order.paidAt.toISOString(),
    financial_year: order.invoiceFinancialYear ?? financialYearOf(order.paidAt),
    order_id: order.providerOrderId,
    payment_id: order.paymentId,
    seller,
    buyer: {
      name: order.customerName ?? '',
      email: order.customerEmail ?? '',
      phone: order.customerPhone ?? '',
      address: order.installationAddress,
    },
    place_of_supply: { state: GST_STATES[placeOfSupply] ?? placeOfSupply, state_code: placeOfSupply },
    tax_kind: taxKind,
    rate_percent: GST_RATE_PERCENT,
    lines,
    totals: {
      taxable: sum((line) => line.taxable),
      cgst: sum((line) => line.cgst),
      sgst: sum((line) => line.sgst),
      igst: sum((line) => line.igst),
      total: sum((line) => line.total),
    },
    refunded_at: order.refundedAt?.toISOString() ?? null,
  };
}
