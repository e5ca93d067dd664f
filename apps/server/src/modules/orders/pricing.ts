import {
  findCatalogItem,
  findCatalogItemByName,
  formatInr,
  isCardPurchasable,
  MAX_CART_QUANTITY,
  priceLabel,
  type CartItemInput,
  type CatalogItem,
} from '@isaac/contract';
import type { OrderItem } from '../../db/schema/index.ts';
import { HttpError } from '../../plugins/errors.ts';

/** Error codes of POST /api/create-order beyond the generic validation error (all 400). */
export const ORDER_ERROR = {
  unknownProduct: 'unknown_product',
  notCardPurchasable: 'not_card_purchasable',
  amountMismatch: 'amount_mismatch',
  invalidReceipt: 'invalid_receipt',
  quantityTooLarge: 'quantity_too_large',
} as const;

/** The spec's receipt: 'receipt_' plus a timestamp. */
export const RECEIPT_PATTERN = /^receipt_\d{1,30}$/;

export interface PricedOrder {
  items: OrderItem[];
  /** The server's amount in paise: the sum of catalog unit prices times quantities. */
  amount: number;
}

function sellable(item: CatalogItem | undefined, asked: string): CatalogItem & { price: { paise: number } } {
  if (!item) {
    throw new HttpError(
      400,
      ORDER_ERROR.unknownProduct,
      `Unknown product "${asked}": it is not in the catalog.`,
    );
  }
  if (!isCardPurchasable(item)) {
    throw new HttpError(
      400,
      ORDER_ERROR.notCardPurchasable,
      `${item.name} (${priceLabel(item.price)}) cannot be bought by card: please request a quote through the contact form.`,
    );
  }
  return item;
}

/**
 * Prices an order from the catalog alone (the client's amount is only compared): a cart by catalog
 * ids with quantities (the same id twice adds up), otherwise the one product named by `notes.product`.
 * Throws a 400 HttpError for unknown or quote-only products and quantities over MAX_CART_QUANTITY.
 */
export function priceOrder(product: string, cart: readonly CartItemInput[] | undefined): PricedOrder {
  if (!cart) {
    const item = sellable(findCatalogItemByName(product), product);
    return {
      items: [{ catalog_id: item.id, name: item.name, quantity: 1, unit_paise: item.price.paise }],
      amount: item.price.paise,
    };
  }
  const lines = new Map<string, OrderItem>();
  for (const entry of cart) {
    const item = sellable(findCatalogItem(entry.id), entry.id);
    const line = lines.get(item.id) ?? {
      catalog_id: item.id,
      name: item.name,
      quantity: 0,
      unit_paise: item.price.paise,
    };
    line.quantity += entry.quantity;
    if (line.quantity > MAX_CART_QUANTITY) {
      throw new HttpError(
        400,
        ORDER_ERROR.quantityTooLarge,
        `At most ${MAX_CART_QUANTITY} of ${item.name} can be ordered at once.`,
      );
    }
    lines.set(item.id, line);
  }
  const items = [...lines.values()];
  return { items, amount: items.reduce((sum, line) => sum + line.unit_paise * line.quantity, 0) };
}

/** Rejects a client amount that differs from the server's (400 amount_mismatch, naming both). */
export function assertAmountMatches(clientAmount: number, serverAmount: number): void {
  if (clientAmount !== serverAmount) {
    throw new HttpError(
      400,
      ORDER_ERROR.amountMismatch,
      `Amount ${clientAmount} paise does not match the catalog price ${serverAmount} paise (${formatInr(serverAmount)}).`,
    );
  }
}

export function assertReceipt(receipt: string): void {
  if (!RECEIPT_PATTERN.test(receipt)) {
    throw new HttpError(
      400,
      ORDER_ERROR.invalidReceipt,
      'Invalid receipt: expected "receipt_" followed by a timestamp (digits).',
    );
  }
}
