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
