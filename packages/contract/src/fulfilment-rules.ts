/** Fulfilment's labels apart from its schemas (fulfilment.ts): zod-free (ADR 083). */
import type { OrderStatus } from './storefront.ts';

/** Order statuses in words (Razorpay's names: an 'attempted' order had a payment that failed). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Awaiting payment',
  attempted: 'Payment failed',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The owner's order list's sort columns (GET /api/orders). */
export const OWNER_ORDER_SORTS = ['created_at', 'amount', 'status'] as const;
