import { describe, expect, it } from 'vitest';
import { CATALOG_ITEMS } from './catalog.ts';
import { COMPANY_ADDRESS_LINES } from './constants.ts';
import {
  financialYearOf,
  gstBreakdown,
  gstinCheckCharacter,
  gstStateCode,
  invoiceLine,
  invoiceNumber,
  isValidGstin,
  MAX_INVOICE_NUMBER_LENGTH,
  SELLER,
  stateCodeOfPincode,
  tariffCodeOf,
} from './gst.ts';
import { canTransitionOrder, ORDER_TRANSITIONS } from './storefront.ts';
import { ORDER_STATUSES } from './fulfilment-rules.ts';

describe('GSTIN', () => {
  it('checks the mod-36 check character', () => {
    // a published example GSTIN, and the demo seller's
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin(SELLER.gstin)).toBe(true);
    expect(gstinCheckCharacter('29AAECI1234F1Z')).toBe('U');
    expect(isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    expect(isValidGstin('29AAECI1234F1Z5')).toBe(false); // the old placeholder
    expect(isValidGstin('99AAPFU0939F1ZV')).toBe(false); // no such state
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
  });

  it('states by name or code', () => {
    expect(gstStateCode('Karnataka')).toBe('29');
    expect(gstStateCode(' karnataka ')).toBe('29');
    expect(gstStateCode('7')).toBe('07');
    expect(gstStateCode('25')).toBeUndefined();
    expect(gstStateCode('Atlantis')).toBeUndefined();
  });
});

describe('place of supply from a PIN code', () => {
  it('maps postal circles and the ranges of other states', () => {
    expect(stateCodeOfPincode('560038')).toBe('29'); // Bengaluru
    expect(stateCodeOfPincode('400001')).toBe('27'); // Mumbai
    expect(stateCodeOfPincode('403001')).toBe('30'); // Panaji, Goa
    expect(stateCodeOfPincode('110001')).toBe('07'); // New Delhi
    expect(stateCodeOfPincode('500001')).toBe('36'); // Hyderabad
    expect(stateCodeOfPincode('600001')).toBe('33'); // Chennai
    expect(stateCodeOfPincode('160017')).toBe('04'); // Chandigarh
    expect(stateCodeOfPincode('834001')).toBe('20'); // Ranchi
    expect(stateCodeOfPincode('999999')).toBeUndefined();
    expect(stateCodeOfPincode('5600')).toBeUndefined();
  });
});

describe('the invoice series', () => {
  it('financial years run April to March in India time', () => {
    expect(financialYearOf(new Date('2026-03-31T18:29:00Z'))).toBe('2025-26'); // 31 Mar 23:59 IST
    expect(financialYearOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27'); // 1 Apr 00:00 IST
    expect(financialYearOf(new Date('2027-01-15T00:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });

  it('numbers fit the 16 characters of GST rule 46', () => {
    expect(invoiceNumber('2026-27', 123)).toBe('IS2627-000123');
    expect(invoiceNumber('2026-27', 1)).toHaveLength(13);
    expect(invoiceNumber('2026-27', 999_999_999).length).toBeLessThanOrEqual(MAX_INVOICE_NUMBER_LENGTH);
  });
});

describe('HSN/SAC per catalog item', () => {
  it('every catalog item has its code; the purifier is 8421, the sensor 9027, switches 8536', () => {
    for (const item of CATALOG_ITEMS) expect(tariffCodeOf(item.id), item.id).toBeDefined();
    expect(tariffCodeOf('isaac-purifier')).toEqual({ kind: 'HSN', code: '8421' });
    expect(tariffCodeOf('skywalker-sensor')).toEqual({ kind: 'HSN', code: '9027' });
    expect(tariffCodeOf('lumos-home-kit')).toEqual({ kind: 'HSN', code: '8536' });
    expect(tariffCodeOf('automation-3bhk-advanced')).toEqual({ kind: 'SAC', code: '9987' });
    expect(tariffCodeOf('no-such-item')).toBeUndefined();
  });
});

describe('tax split', () => {
  it('CGST + SGST within the state, IGST to another; each adds up to the price', () => {
    const input = { description: 'x', hsn: '8421', quantity: 1, unitAmount: 8_999_900, total: 8_999_900 };
    const { taxable, tax } = gstBreakdown(8_999_900);
    const intra = invoiceLine(input, 'intra');
    expect(intra).toMatchObject({ taxable, igst: 0 });
    expect(intra.cgst + intra.sgst).toBe(tax);
    const inter = invoiceLine(input, 'inter');
    expect(inter).toMatchObject({ taxable, cgst: 0, sgst: 0, igst: tax });
  });
});

describe('the company', () => {
  it('the invoice seller has the storefront’s address', () => {
    expect(SELLER.address).toBe(COMPANY_ADDRESS_LINES.join(', '));
  });
});

describe('ORDER_TRANSITIONS', () => {
  it('attempted and paid only from an open order; closed orders never move', () => {
    expect(ORDER_TRANSITIONS.paid).toEqual(['created', 'attempted']);
    expect(ORDER_TRANSITIONS.attempted).toEqual(['created', 'attempted']);
    for (const to of ORDER_STATUSES) {
      expect(canTransitionOrder('refunded', to)).toBe(false);
      expect(canTransitionOrder('cancelled', to)).toBe(false);
    }
    expect(canTransitionOrder('paid', 'attempted')).toBe(false);
    expect(canTransitionOrder('paid', 'refunded')).toBe(true);
  });
});
