import {
  anyNeedsInstallation,
  isPastBusinessDate,
  type PublicQuote,
  type Quote,
  type QuoteState,
} from '@isaac/contract';
import type { QuoteRow } from '../../db/schema/index.ts';

/** What the customer and the admin call a quote: `Q-000123`. */
export function quoteNumber(number: number): string {
  return `Q-${String(number).padStart(6, '0')}`;
}

/**
 * Where a quote stands, derived (never stored): withdrawn by an admin → cancelled; paid → paid; its last
 * valid day before today in the business time zone → expired; else sent (payable).
 */
export function quoteState(
  row: Pick<QuoteRow, 'cancelledAt' | 'paidAt' | 'validUntil'>,
  now: Date,
): QuoteState {
  if (row.cancelledAt) return 'cancelled';
  if (row.paidAt) return 'paid';
  if (isPastBusinessDate(row.validUntil, now)) return 'expired';
  return 'sent';
}

/** Whether any line is installed by our electricians (then paying asks for the installation address). */
export function quoteNeedsInstallation(row: Pick<QuoteRow, 'items'>): boolean {
  return anyNeedsInstallation(row.items.map((item) => item.catalog_id));
}

/** A quote as the admin API presents it (contract `quoteSchema`); never its token or the token's hash. */
export function presentQuote(row: QuoteRow, now: Date): Quote {
  return {
    _id: row.id,
    number: quoteNumber(row.number),
    state: quoteState(row, now),
    customer_name: row.customerName,
    customer_email: row.customerEmail,
    customer_phone: row.customerPhone,
    items: row.items.map((item) => ({ id: item.catalog_id, name: item.name, quantity: item.quantity })),
    amount: row.amountPaise,
    valid_until: row.validUntil,
    note: row.note,
    needs_installation: quoteNeedsInstallation(row),
    contact_message_id: row.contactMessageId,
    order_id: row.orderId,
    created_at: row.createdAt.toISOString(),
  };
}

/** The customer's view of their quote (contract `publicQuoteSchema`): no internal ids of the quote or lead. */
export function presentPublicQuote(row: QuoteRow, now: Date): PublicQuote {
  const { _id: _quoteId, contact_message_id: _leadId, ...quote } = presentQuote(row, now);
  return quote;
}
