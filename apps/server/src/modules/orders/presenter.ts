import {
  CURRENCY,
  ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  type Order,
  type OrderStatus,
  type PaymentProvider,
} from '@isaac/contract';
import type { OrderRow } from '../../db/schema/index.ts';

const asStatus = (value: string): OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value) ? (value as OrderStatus) : 'created';
const asProvider = (value: string): PaymentProvider =>
  (PAYMENT_PROVIDERS as readonly string[]).includes(value) ? (value as PaymentProvider) : 'sandbox';

/** An order row as the admin API presents it (contract `orderSchema`). */
export function presentOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    order_id: row.providerOrderId,
    receipt: row.receipt,
    amount: row.amountPaise,
    currency: CURRENCY,
    status: asStatus(row.status),
    provider: asProvider(row.provider),
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
