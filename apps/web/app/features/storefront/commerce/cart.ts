import {
  MAX_CART_LINES,
  MAX_CART_QUANTITY,
  findCatalogItem,
  isCardPurchasable,
  type CatalogItem,
} from '@isaac/contract';

/** One cart line: a card-purchasable catalog id and a quantity in 1..MAX_CART_QUANTITY. */
export interface CartLine {
  id: string;
  quantity: number;
}

export interface CartLineDetail extends CartLine {
  item: CatalogItem;
  unitPaise: number;
  linePaise: number;
}

export const CART_STORAGE_KEY = 'isaac_cart';
const EMPTY: readonly CartLine[] = [];

function purchasableItem(id: string): CatalogItem | undefined {
  const item = findCatalogItem(id);
  return item && isCardPurchasable(item) ? item : undefined;
}

const clampQuantity = (quantity: number) => Math.min(MAX_CART_QUANTITY, Math.max(1, Math.trunc(quantity)));

/** Reads a stored cart: drops unknown, quote-only and duplicate ids, clamps quantities. */
export function sanitizeCart(value: unknown): CartLine[] {
  if (!Array.isArray(value)) return [];
  const lines: CartLine[] = [];
  for (const entry of value) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, quantity } = entry as { id?: unknown; quantity?: unknown };
    if (typeof id !== 'string' || typeof quantity !== 'number' || !Number.isFinite(quantity) || quantity < 1)
      continue;
    if (!purchasableItem(id) || lines.some((line) => line.id === id)) continue;
    lines.push({ id, quantity: clampQuantity(quantity) });
    if (lines.length === MAX_CART_LINES) break;
  }
  return lines;
}

/** Adds `quantity` of an item (at most MAX_CART_QUANTITY per line). Quote-only items are refused. */
export function addLine(lines: readonly CartLine[], id: string, quantity = 1): readonly CartLine[] {
  if (!purchasableItem(id)) return lines;
  const existing = lines.find((line) => line.id === id);
  if (existing) return setLineQuantity(lines, id, existing.quantity + quantity);
  if (lines.length >= MAX_CART_LINES) return lines;
  return [...lines, { id, quantity: clampQuantity(quantity) }];
}

/** Sets a line's quantity, clamped to 1..MAX_CART_QUANTITY (removing is a separate action). */
export function setLineQuantity(
  lines: readonly CartLine[],
  id: string,
  quantity: number,
): readonly CartLine[] {
  return lines.map((line) => (line.id === id ? { id, quantity: clampQuantity(quantity) } : line));
}

export function removeLine(lines: readonly CartLine[], id: string): readonly CartLine[] {
  return lines.filter((line) => line.id !== id);
}

export function cartCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

export function cartDetails(lines: readonly CartLine[]): CartLineDetail[] {
  return lines.flatMap((line) => {
    const item = purchasableItem(line.id);
    if (!item || item.price.kind !== 'fixed') return [];
    const unitPaise = item.price.paise;
    return [{ ...line, item, unitPaise, linePaise: unitPaise * line.quantity }];
  });
}

export function cartSubtotalPaise(lines: readonly CartLine[]): number {
  return cartDetails(lines).reduce((sum, line) => sum + line.linePaise, 0);
}

// ---------------------------------------------------------------------------------------------------
// The browser's cart: one store kept in localStorage (and in step across tabs), read through
// useSyncExternalStore. The prerendered HTML (server snapshot) always shows an empty cart.

type Listener = () => void;
const listeners = new Set<Listener>();
let current: readonly CartLine[] | undefined;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function readStored(): readonly CartLine[] {
  const raw = storage()?.getItem(CART_STORAGE_KEY);
  if (!raw) return EMPTY;
  try {
    return sanitizeCart(JSON.parse(raw));
  } catch {
    return EMPTY;
  }
}

function emit() {
  for (const listener of [...listeners]) listener();
}

function write(next: readonly CartLine[]) {
  if (next === current) return;
  current = next;
  try {
    if (next.length === 0) storage()?.removeItem(CART_STORAGE_KEY);
    else storage()?.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart still works for this page view.
  }
  emit();
}

function onStorage(event: StorageEvent) {
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  current = readStored();
  emit();
}

export const cartStore = {
  subscribe(listener: Listener): () => void {
    if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.removeEventListener('storage', onStorage);
    };
  },
  getSnapshot(): readonly CartLine[] {
    current ??= readStored();
    return current;
  },
  getServerSnapshot(): readonly CartLine[] {
    return EMPTY;
  },
  add(id: string, quantity = 1) {
    write(addLine(cartStore.getSnapshot(), id, quantity));
  },
  setQuantity(id: string, quantity: number) {
    write(setLineQuantity(cartStore.getSnapshot(), id, quantity));
  },
  remove(id: string) {
    write(removeLine(cartStore.getSnapshot(), id));
  },
  clear() {
    write(EMPTY);
  },
  /** Forgets the in-memory copy (tests). */
  reset() {
    current = undefined;
  },
};
