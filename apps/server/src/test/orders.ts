/** Test helpers for the storefront modules' suites (imported by *.test.ts only). */
import {
  CURRENCY,
  findCatalogItemByName,
  type CreateOrderBody,
  type CreateOrderResponse,
} from '@isaac/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { orders, type OrderRow } from '../db/schema/index.ts';
import { csrf } from './helpers.ts';

export const BUYER = {
  customer_name: 'Asha Rao',
  customer_email: 'asha@example.com',
  customer_phone: '+91 98765 43210',
};

/** The paise price of a fixed-price catalog item, by name. */
export function pricePaise(name: string): number {
  const item = findCatalogItemByName(name);
  if (!item || item.price.kind !== 'fixed') throw new Error(`${name} has no fixed price`);
  return item.price.paise;
}

/** A create-order body for one product, priced from the catalog unless `amount` is given. */
export function orderBody(product: string, overrides: Partial<CreateOrderBody> = {}): CreateOrderBody {
  const item = findCatalogItemByName(product);
  const amount = item && item.price.kind !== 'quote' ? item.price.paise : 100;
  return {
    amount,
    currency: CURRENCY,
    receipt: `receipt_${Date.now()}`,
    notes: { product, ...BUYER },
    ...overrides,
  };
}

/** POST /api/create-order with a CSRF token. */
export async function postOrder(app: FastifyInstance, body: unknown, remoteAddress?: string) {
  const { headers } = await csrf(app);
  return app.inject({
    method: 'POST',
    url: '/api/create-order',
    headers,
    payload: body as object,
    remoteAddress,
  });
}

/** Creates an order for `product` and returns the response body (throws on failure). */
export async function createOrder(app: FastifyInstance, product = 'ISAAC'): Promise<CreateOrderResponse> {
  const res = await postOrder(app, orderBody(product));
  if (res.statusCode !== 200) throw new Error(`create-order failed: ${res.statusCode} ${res.body}`);
  return res.json<CreateOrderResponse>();
}

export async function orderRow(db: Db, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.providerOrderId, providerOrderId));
  return row;
}
