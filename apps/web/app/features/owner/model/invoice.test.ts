// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatInvoiceAmount } from './invoice';

// The invoice's lines and taxes are computed by the server (GET /api/orders/:id/invoice, issue 29).
describe('formatInvoiceAmount', () => {
  it('shows rupees with their paise, Indian grouping', () => {
    expect(formatInvoiceAmount(2_542_288)).toBe('₹25,422.88');
    expect(formatInvoiceAmount(12_345_678)).toBe('₹1,23,456.78');
    expect(formatInvoiceAmount(100)).toBe('₹1.00');
  });
});
