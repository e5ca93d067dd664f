import { CURRENCY, type Order } from '@isaac/contract';
import type { OrderRow } from '../../db/schema/index.ts';

/** An order row as the admin API presents it (contract `orderSchema`). */
export function presentOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    order_id: row.providerOrderId,
    receipt: row.receipt,
    amount: row.amountPaise,
    currency: CURRENCY,
    status: row.status,
    provider: row.provider,
    product: row.notes?.product ?? row.items.map((item) => item.name).join(', '),
    items: row.items.map((item) => ({
      id: item.catalog_id,
      name: item.name,
      quantity: item.quantity,
      unit_amount: item.unit_paise,
    })),
    customer_name: row.customerName ?? '',
    customer_email: row.customerEmail ?? '',
    customer_phone: row.customerPhone ?? '',
    payment_id: row.paymentId,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt ? row.paidAt.toISOString() : null,
  };
}
