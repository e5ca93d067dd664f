/**
 * The admin area's rules and vocabulary apart from its schemas (zod-free: the admin's list pages read them on
 * their first load, ADR 083).
 */
import type { DeviceSort } from './owner-rules.ts';

/** Admin devices and electrician assignments (issue 10, ADR 025). */
export const ADMIN_DEVICE_CONNECTIVITY = ['online', 'offline'] as const;
/** A device with an owner is assigned; without one it is available (spec section 3, user_id). */
export const ADMIN_DEVICE_ASSIGNMENTS = ['assigned', 'available'] as const;
/** Most rows one bulk action takes (a page of the admin table at most). */
export const MAX_BULK_IDS = 100;
/** Longest admin search text. */
export const MAX_ADMIN_SEARCH_LENGTH = 100;
/** The business's time zone (India): "today" for installation dates is today there. */
export const BUSINESS_TIME_ZONE = 'Asia/Kolkata';

/** The calendar date (`YYYY-MM-DD`) of `at` in the business time zone. */
export function businessDate(at: Date): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** Whether a `YYYY-MM-DD` date is before today in the business time zone (installation dates may not be). */
export function isPastBusinessDate(date: string, now: Date): boolean {
  return date < businessDate(now);
}

export const ADMIN_DEVICE_SORTS = [
  'name',
  'type',
  'is_connected',
  'owner',
  'electrician',
  'firmware_version',
  'created_at',
] as const satisfies readonly DeviceSort[];

/** The columns of the Electricians table (`installations`: their total). */
export const ADMIN_ELECTRICIAN_SORTS = ['name', 'status', 'customers', 'devices', 'installations'] as const;

/** The columns the users list sorts by (newest first by default). */
export const ADMIN_USER_SORTS = ['name', 'email', 'mobile', 'role', 'status', 'created_at'] as const;

/**
 * Why a captured payment was not applied to its order and must be refunded: its order was closed (cancelled or
 * refunded), or already paid with another payment, or the order's quote was already paid through another order.
 */
export const LATE_CAPTURE_REASONS = ['order_closed', 'order_paid', 'quote_paid'] as const;
export type LateCaptureReason = (typeof LATE_CAPTURE_REASONS)[number];

export const LATE_CAPTURE_MSG = {
  refunded: 'Payment refunded',
  notFound: 'Payment not found',
  alreadyRefunded: 'This payment has already been refunded.',
  refundInProgress: 'A refund of this payment is already being processed. Try again in a minute.',
} as const;

export const LATE_CAPTURE_REASON_LABELS: Record<LateCaptureReason, string> = {
  order_closed: 'Captured after close — refund',
  order_paid: 'Second payment of a paid order — refund',
  quote_paid: 'Second payment of a paid quote — refund',
};

/**
 * GET /api/admin/orders: status filter; search by customer name or e-mail (case-insensitive substring),
 * or an exact order id or payment id. Sorted by a column of the Orders table (`created_at` is the Order
 * column: its id and date; `paid_at` the Payment column).
 */
export const ADMIN_ORDER_SORTS = ['created_at', 'customer_name', 'amount', 'status', 'paid_at'] as const;

/** What contact messages sort by: when they came, who sent them, their subject. */
export const CONTACT_MESSAGE_SORTS = ['created_at', 'name', 'email', 'subject'] as const;

/** Contact messages waiting for an answer, or answered. */
export const CONTACT_MESSAGE_STATES = ['open', 'handled'] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];
