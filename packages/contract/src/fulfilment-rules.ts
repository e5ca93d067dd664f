/**
 * Orders, installation jobs, quotes and the e-mail outbox: their states, labels, messages and sort columns apart
 * from fulfilment's schemas (fulfilment.ts, storefront.ts): zod-free, as the owner's and the admin's pages read
 * them on their first load (ADR 083).
 */

/**
 * Order statuses, as Razorpay names them: `created`, `attempted` (a payment failed; the buyer may
 * retry on the same order) and `paid` (a verified payment); then an admin may cancel an unpaid order
 * (`cancelled`) or refund a paid one through the provider (`refunded`, issue 15).
 */
export const ORDER_STATUSES = ['created', 'attempted', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

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

export const ORDER_ACTION_MSG = {
  cancelled: 'Order cancelled',
  refunded: 'Order refunded',
  notFound: 'Order not found',
  notCancellable: 'Only an order that has not been paid can be cancelled.',
  notRefundable: 'Only a paid order can be refunded.',
  alreadyRefunded: 'This order has already been refunded.',
  refundInProgress: 'A refund of this order is already being processed. Try again in a minute.',
  cancelFailed: 'Could not cancel the order',
  refundFailed: 'Could not refund the order',
} as const;

/**
 * Where a job stands: no electrician yet; scheduled (assigned with a date, the installation pending);
 * in progress and completed (the electrician's installation); cancelled (its order refunded).
 */
export const INSTALLATION_JOB_STATES = [
  'unassigned',
  'scheduled',
  'in_progress',
  'completed',
  'cancelled',
] as const;
export type InstallationJobState = (typeof INSTALLATION_JOB_STATES)[number];

export const INSTALLATION_JOB_STATE_LABELS: Record<InstallationJobState, string> = {
  unassigned: 'Unassigned',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/**
 * GET /api/admin/installation-jobs?search=&sort=&order=: the order of the jobs within each column of the board
 * (newest first by default), and a search of the customer's name or e-mail, or an exact order id.
 */
export const INSTALLATION_JOB_SORTS = ['created_at', 'installation_date', 'customer_name'] as const;

export const QUOTE_MSG = {
  notFound: 'This quote link is not valid.',
  expired: 'This quote has expired. Contact us for a new one.',
  paid: 'This quote has already been paid.',
  cancelled: 'This quote was withdrawn. Contact us for a new one.',
  created: 'Quote sent',
  withdrawn: 'Quote cancelled',
  cannotCancelPaid: 'This quote has been paid: refund its order instead.',
  pastDate: 'Choose today or a later date',
  unknownItem: 'This item is not in the catalog',
  tooLarge: 'The package price is too large',
} as const;

export const QUOTE_SORTS = ['created_at', 'number', 'customer_name', 'amount', 'valid_until'] as const;

export const OUTBOX_STATES = ['pending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** The columns of the outbox table. */
export const OUTBOX_SORTS = ['created_at', 'to', 'subject', 'kind', 'state', 'attempts'] as const;
