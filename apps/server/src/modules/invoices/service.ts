import { INVOICE_MSG, type Invoice, type InvoiceSeller } from '@isaac/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { presentInvoice } from './issue.ts';
import { renderInvoicePdf } from './pdf.ts';

/** A buyer's tax invoices (issue 29): one per paid order, issued when it was paid; as JSON and as PDF. */
export class InvoiceService {
  constructor(
    private readonly db: Db,
    private readonly seller: InvoiceSeller,
  ) {}

  /** GET /api/orders/:id/invoice: the invoice of one of the caller's orders (404 when not theirs or unpaid). */
  async get(userId: string, orderId: string): Promise<Invoice> {
    const [order] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, userId)))
      .limit(1);
    if (!order) throw notFound(INVOICE_MSG.orderNotFound);
    if (!order.invoiceNumber || !order.paidAt) throw notFound(INVOICE_MSG.noInvoice);
    return presentInvoice(order, this.seller);
  }

  /** GET /api/orders/:id/invoice.pdf: the same invoice as an A4 PDF. */
  async pdf(userId: string, orderId: string): Promise<{ invoice: Invoice; pdf: Buffer }> {
    const invoice = await this.get(userId, orderId);
    return { invoice, pdf: await renderInvoicePdf(invoice) };
  }
}
