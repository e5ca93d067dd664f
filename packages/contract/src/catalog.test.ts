import { describe, expect, it } from 'vitest';
import {
  ACCESSORIES,
  CATALOG_ITEMS,
  CATALOG_PRODUCTS,
  FILTERS,
  LAUNCH_OFFER,
  cardPricePaise,
  findCatalogItem,
  findCatalogItemByName,
  isCardPurchasable,
  priceLabel,
  quoteRequestHref,
} from './catalog.ts';

describe('priceLabel', () => {
  it('uses Indian digit grouping', () => {
    expect(priceLabel({ kind: 'fixed', paise: 12_400_000 })).toBe('₹1,24,000');
    expect(priceLabel({ kind: 'fixed', paise: 8_999_900 })).toBe('₹89,999');
    expect(priceLabel({ kind: 'fixed', paise: 29_900 })).toBe('₹299');
  });
  it('labels from and quote prices', () => {
    expect(priceLabel({ kind: 'from', paise: 299_900 })).toBe('From ₹2,999');
    expect(priceLabel({ kind: 'from', paise: 12_400_000 })).toBe('From ₹1,24,000');
    expect(priceLabel({ kind: 'quote' })).toBe('Custom Quote');
  });
});

describe('the six landing products (spec section 3)', () => {
  it('carry the card labels and prices of the spec, one price each (ADR 007)', () => {
    expect(CATALOG_PRODUCTS.map((p) => [p.name, p.category, priceLabel(p.price)])).toEqual([
      ['ISAAC', 'Air Purifier', '₹89,999'],
      ['SKYWALKER', 'Smart Sensor', '₹3,999'],
      ['Smart Touch Switches', 'Lumos Devices', 'From ₹2,999'],
      ['Ultimate Automation Solution', 'Automation System', 'From ₹99,000'],
      ['Smart Surveillance', 'Security System', 'Custom Quote'],
      ['Connected Homes', 'Smart Home System', 'From ₹1,24,000'],
    ]);
  });
  it('sell only fixed prices by card', () => {
    expect(CATALOG_PRODUCTS.filter(isCardPurchasable).map((p) => p.id)).toEqual([
      'isaac-purifier',
      'skywalker-sensor',
    ]);
    expect(ACCESSORIES.every(isCardPurchasable)).toBe(true);
    expect(FILTERS.every(isCardPurchasable)).toBe(true);
  });
});

describe('accessories and filters (spec section 9)', () => {
  it('have the spec prices', () => {
    expect(Object.fromEntries(ACCESSORIES.map((a) => [a.name, priceLabel(a.price)]))).toEqual({
      'HEPA Filter': '₹1,299',
      'Carbon Filter': '₹899',
      'Smart Power Adapter': '₹599',
      'Wall Mount Kit': '₹399',
      'Remote Control': '₹299',
      'Filter Replacement Kit': '₹1,999',
      'Pre-Filter': '₹399',
      'Filter Bundle Pack': '₹2,199',
    });
  });
  it('have lifespans, and only the pre-filter is washable', () => {
    expect(FILTERS.map((f) => [f.id, f.lifespanMonths, f.washable])).toEqual([
      ['hepa-filter', 6, false],
      ['carbon-filter', 3, false],
      ['pre-filter', 2, true],
    ]);
  });
  it('share id, name and price with the accessory entry of the same item', () => {
    for (const filter of FILTERS) {
      const accessory = ACCESSORIES.find((a) => a.id === filter.id);
      expect(accessory?.name).toBe(filter.name);
      expect(accessory?.price).toEqual(filter.price);
    }
  });
});

describe('launch offer', () => {
  it('lists 2/3/4 BHK Standard and Advanced, quote only', () => {
    expect(
      LAUNCH_OFFER.tiers.map((t) => [t.label, priceLabel(t.standard.price), priceLabel(t.advanced.price)]),
    ).toEqual([
      ['2 BHK', 'From ₹99,000', 'From ₹1,19,000'],
      ['3 BHK', 'From ₹1,24,000', 'From ₹1,49,000'],
      ['4 BHK', 'From ₹1,54,000', 'From ₹1,99,000'],
    ]);
    expect(
      LAUNCH_OFFER.tiers.some((t) => isCardPurchasable(t.standard) || isCardPurchasable(t.advanced)),
    ).toBe(false);
  });
});

describe('lookups', () => {
  it('give every distinct item a unique id and name', () => {
    const byId = new Map<string, string>();
    for (const item of CATALOG_ITEMS) {
      const known = byId.get(item.id);
      if (known !== undefined) expect(known).toBe(item.name);
      byId.set(item.id, item.name);
    }
    const names = [...byId.values()].map((n) => n.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });
  it('find by id', () => {
    expect(findCatalogItem('isaac-purifier')?.name).toBe('ISAAC');
    expect(findCatalogItem('pre-filter')?.name).toBe('Pre-Filter');
    expect(findCatalogItem('automation-3bhk-advanced')?.name).toBe('3 BHK Advanced Automation Package');
    expect(findCatalogItem('nope')).toBeUndefined();
  });
  it('find by name, ignoring case and surrounding space', () => {
    expect(findCatalogItemByName('SKYWALKER')?.id).toBe('skywalker-sensor');
    expect(findCatalogItemByName('  hepa filter ')?.id).toBe('hepa-filter');
    expect(findCatalogItemByName('Cart: 2 items')).toBeUndefined();
  });
  it('give the card amount only for card-purchasable ids', () => {
    expect(cardPricePaise('isaac-purifier')).toBe(8_999_900);
    expect(cardPricePaise('skywalker-sensor')).toBe(399_900);
    expect(cardPricePaise('connected-homes')).toBeUndefined();
    expect(cardPricePaise('unknown')).toBeUndefined();
  });
  it('build quote-request links to the preselected contact form', () => {
    expect(quoteRequestHref('smart-surveillance')).toBe(
      '/contact?subject=product-inquiry&product=smart-surveillance',
    );
  });
});
