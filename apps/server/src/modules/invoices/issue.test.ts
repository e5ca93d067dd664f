import { SELLER } from '@isaac/contract';
import { describe, expect, it } from 'vitest';
import { invoiceLines, placeOfSupplyOf } from './issue.ts';

const seller = { state_code: SELLER.stateCode };

describe('invoiceLines', () => {
  it("a quote's package price is one line under the code of its principal supply (highest catalog value)", () => {
    const [line, ...rest] = invoiceLines(
      {
        amountPaise: 25_000_000,
        notes: { product: 'Quote Q-000007' },
        items: [
          { catalog_id: 'smart-surveillance', name: 'Smart Surveillance', quantity: 1, unit_paise: 0 },
          { catalog_id: 'skywalker-sensor', name: 'SKYWALKER', quantity: 2, unit_paise: 1_499_900 },
          { catalog_id: 'isaac-purifier', name: 'ISAAC', quantity: 1, unit_paise: 8_999_900 },
        ],
      },
      'inter',
    );
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      description: 'Quote Q-000007: Smart Surveillance × 1, SKYWALKER × 2, ISAAC × 1',
      hsn: '8421',
      quantity: 1,
      total: 25_000_000,
      cgst: 0,
      sgst: 0,
    });
    expect(line!.taxable + line!.igst).toBe(25_000_000);
  });
});

describe('placeOfSupplyOf', () => {
  it("is the buyer's state by PIN code, else the seller's", () => {
    expect(
      placeOfSupplyOf({ installationAddress: { city: 'Pune', pincode: '411001', address: 'x' } }, seller),
    ).toBe('27');
    expect(placeOfSupplyOf({ installationAddress: null }, seller)).toBe('29');
    expect(
      placeOfSupplyOf({ installationAddress: { city: 'APO', pincode: '990001', address: 'x' } }, seller),
    ).toBe('29');
  });
});
