import { describe, expect, it } from 'vitest';
import { makeOwnerOrder } from '../components/orders/orders-factories';
import { formatInvoiceAmount, INVOICE_HSN_CODE, invoiceOf } from './invoice';

describe('invoiceOf', () => {
  it('splits each GST-inclusive line into taxable value, CGST and SGST that add up to what was paid', () => {
    const invoice = invoiceOf(
      makeOwnerOrder({
        amount: 2_999_900 + 3 * 99_900,
        items: [
          { id: 'isaac', name: 'ISAAC Air Purifier', quantity: 1, unit_amount: 2_999_900 },
          { id: 'filter', name: 'HEPA filter', quantity: 3, unit_amount: 99_900 },
        ],
      }),
    );
    expect(invoice.number).toBe('rcpt_1001');
    expect(invoice.date).toBe('2031-03-01T06:31:00.000Z');
    expect(invoice.lines).toHaveLength(2);
    const [purifier, filters] = invoice.lines;
    // ₹29,999 incl. 18%: taxable ₹25,422.88, GST ₹4,576.12 = CGST ₹2,288.06 + SGST ₹2,288.06
    expect(purifier).toEqual({
      description: 'ISAAC Air Purifier',
      hsn: INVOICE_HSN_CODE,
      quantity: 1,
      unitPaise: 2_999_900,
      taxablePaise: 2_542_288,
      cgstPaise: 228_806,
      sgstPaise: 228_806,
      totalPaise: 2_999_900,
    });
    // 3 × ₹999 = ₹2,997: taxable ₹2,539.83, GST ₹457.17 (an odd paisa: CGST ₹228.59, SGST ₹228.58)
    expect(filters).toMatchObject({
      quantity: 3,
      unitPaise: 99_900,
      taxablePaise: 253_983,
      totalPaise: 299_700,
    });
    expect(filters!.cgstPaise + filters!.sgstPaise).toBe(299_700 - 253_983);
    for (const line of invoice.lines) {
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise).toBe(line.totalPaise);
    }
    expect(invoice.totalPaise).toBe(2_999_900 + 299_700);
    expect(invoice.taxablePaise + invoice.cgstPaise + invoice.sgstPaise).toBe(invoice.totalPaise);
  });

  it('bills a package whose items do not add up to its price (a quote) as one line at the price paid', () => {
    const invoice = invoiceOf(
      makeOwnerOrder({
        product: 'Smart home package',
        amount: 5_000_000,
        items: [
          { id: 'lumos-2', name: 'Lumos 2-gang', quantity: 4, unit_amount: 999_900 },
          { id: 'skywalker', name: 'SKYWALKER', quantity: 1, unit_amount: 1_499_900 },
        ],
      }),
    );
    expect(invoice.lines).toHaveLength(1);
    expect(invoice.lines[0]).toMatchObject({
      description: 'Smart home package: Lumos 2-gang × 4, SKYWALKER × 1',
      quantity: 1,
      unitPaise: 5_000_000,
      totalPaise: 5_000_000,
    });
    expect(invoice.totalPaise).toBe(5_000_000);
  });

  it('numbers the invoice by the receipt, else the order id', () => {
    expect(invoiceOf(makeOwnerOrder({ receipt: '' })).number).toBe('order_RZP001');
  });

  it('writes amounts in rupees with paise', () => {
    expect(formatInvoiceAmount(2_542_288)).toBe('₹25,422.88');
    expect(formatInvoiceAmount(100)).toBe('₹1.00');
  });
});
