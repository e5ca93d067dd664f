import { gstBreakdown, GST_RATE_PERCENT, type OwnerOrder } from '@isaac/contract';

/** The HSN code of every line: switches and connected devices (HSN 8536, GST 18%). */
export const INVOICE_HSN_CODE = '8536';
/** Each half of the GST within the state (CGST and SGST). */
export const HALF_GST_RATE_PERCENT = GST_RATE_PERCENT / 2;

export interface InvoiceLine {
  description: string;
  hsn: string;
  quantity: number;
  /** The unit price, GST included (as sold), in paise. */
  unitPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  /** The line's total, GST included. */
  totalPaise: number;
}

export interface Invoice {
  number: string;
  /** When it was paid (ISO). */
  date: string | null;
  lines: InvoiceLine[];
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  totalPaise: number;
}

function line(description: string, quantity: number, unitPaise: number, totalPaise: number): InvoiceLine {
  const { taxable, tax, half } = gstBreakdown(totalPaise);
  // The two halves add up to the tax exactly (an odd paisa goes to SGST).
  return {
    description,
    hsn: INVOICE_HSN_CODE,
    quantity,
    unitPaise,
    taxablePaise: taxable,
    cgstPaise: half,
    sgstPaise: tax - half,
    totalPaise,
  };
}

/**
 * An order's tax invoice: a line per item (prices include GST: each line's taxable value and its CGST and SGST
 * from `gstBreakdown`), totals that add up to what was paid. An order whose items do not add up to its amount
 * (a quote's package price) is one line for the package, naming its items.
 */
export function invoiceOf(
  order: Pick<OwnerOrder, 'receipt' | 'order_id' | 'paid_at' | 'items' | 'product' | 'amount'>,
): Invoice {
  const itemsTotal = order.items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  const lines =
    order.items.length > 0 && itemsTotal === order.amount
      ? order.items.map((item) =>
          line(item.name, item.quantity, item.unit_amount, item.unit_amount * item.quantity),
        )
      : [
          line(
            order.items.length > 0
              ? `${order.product}: ${order.items.map((item) => `${item.name} × ${item.quantity}`).join(', ')}`
              : order.product,
            1,
            order.amount,
            order.amount,
          ),
        ];
  const sum = (pick: (l: InvoiceLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    number: order.receipt || order.order_id,
    date: order.paid_at,
    lines,
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    totalPaise: sum((l) => l.totalPaise),
  };
}

/** '₹1,23,456.78': an invoice amount, always with its paise. */
export function formatInvoiceAmount(paise: number): string {
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(paise / 100);
}
