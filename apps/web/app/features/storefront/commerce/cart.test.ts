import { afterEach, describe, expect, it } from 'vitest';
import {
  CART_STORAGE_KEY,
  addLine,
  cartCount,
  cartDetails,
  cartStore,
  cartSubtotalPaise,
  removeLine,
  sanitizeCart,
  setLineQuantity,
} from './cart';

describe('cart lines', () => {
  it('adds card-purchasable items and merges repeats', () => {
    let lines = addLine([], 'hepa-filter');
    lines = addLine(lines, 'hepa-filter', 2);
    lines = addLine(lines, 'remote-control');
    expect(lines).toEqual([
      { id: 'hepa-filter', quantity: 3 },
      { id: 'remote-control', quantity: 1 },
    ]);
    expect(cartCount(lines)).toBe(4);
  });
  it('refuses quote-only and unknown items', () => {
    expect(addLine([], 'smart-surveillance')).toEqual([]);
    expect(addLine([], 'lumos-switches')).toEqual([]);
    expect(addLine([], 'nope')).toEqual([]);
  });
  it('clamps quantities to 1..20 and removes lines', () => {
    const lines = addLine([], 'pre-filter', 25);
    expect(lines).toEqual([{ id: 'pre-filter', quantity: 20 }]);
    expect(setLineQuantity(lines, 'pre-filter', 0)).toEqual([{ id: 'pre-filter', quantity: 1 }]);
    expect(removeLine(lines, 'pre-filter')).toEqual([]);
  });
  it('totals in paise from the catalog', () => {
    const lines = [
      { id: 'hepa-filter', quantity: 2 },
      { id: 'isaac-purifier', quantity: 1 },
    ];
    expect(cartSubtotalPaise(lines)).toBe(2 * 129_900 + 8_999_900);
    expect(cartDetails(lines).map((line) => [line.item.name, line.linePaise])).toEqual([
      ['HEPA Filter', 259_800],
      ['ISAAC', 8_999_900],
    ]);
  });
  it('sanitizes stored data', () => {
    expect(
      sanitizeCart([
        { id: 'hepa-filter', quantity: 2.7 },
        { id: 'hepa-filter', quantity: 1 },
        { id: 'connected-homes', quantity: 1 },
        { id: 'carbon-filter', quantity: -1 },
        { id: 'remote-control', quantity: 99 },
        'junk',
        null,
      ]),
    ).toEqual([
      { id: 'hepa-filter', quantity: 2 },
      { id: 'remote-control', quantity: 20 },
    ]);
    expect(sanitizeCart({ id: 'hepa-filter' })).toEqual([]);
  });
});

describe('cartStore', () => {
  afterEach(() => {
    localStorage.clear();
    cartStore.reset();
  });

  it('keeps the cart in localStorage and reads it back after a reload', () => {
    cartStore.add('hepa-filter');
    cartStore.add('hepa-filter');
    cartStore.add('wall-mount-kit');
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null')).toEqual([
      { id: 'hepa-filter', quantity: 2 },
      { id: 'wall-mount-kit', quantity: 1 },
    ]);
    cartStore.reset();
    expect(cartStore.getSnapshot()).toEqual([
      { id: 'hepa-filter', quantity: 2 },
      { id: 'wall-mount-kit', quantity: 1 },
    ]);
  });
  it('notifies subscribers and removes the key when emptied', () => {
    let calls = 0;
    const unsubscribe = cartStore.subscribe(() => calls++);
    cartStore.add('remote-control');
    cartStore.setQuantity('remote-control', 3);
    cartStore.clear();
    unsubscribe();
    expect(calls).toBe(3);
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
  it('ignores corrupt storage and renders empty on the server', () => {
    localStorage.setItem(CART_STORAGE_KEY, '{not json');
    expect(cartStore.getSnapshot()).toEqual([]);
    expect(cartStore.getServerSnapshot()).toEqual([]);
  });
});
