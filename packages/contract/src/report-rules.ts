/** The admin reports' constants and range rules (zod-free, kept off the pages that never show reports). */

/**
 * Admin reports (issue 10): time series over whole UTC days, bucketed by day or by ISO week
 * (Monday first). A range is at most REPORT_MAX_DAYS days, both ends included (two years and a day,
 * so "the last two years" fits whatever the leap days). Each series downloads as CSV.
 */
export const REPORT_BUCKETS = ['day', 'week'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];
export const DEFAULT_REPORT_BUCKET: ReportBucket = 'day';
export const REPORT_MAX_DAYS = 732;
export const REPORT_SERIES = ['orders', 'users', 'devices', 'installations'] as const;
export type ReportSeriesName = (typeof REPORT_SERIES)[number];
/** The columns of each series, in order: the JSON points' fields and the CSV header (orders adds revenue_inr). */
export const REPORT_COLUMNS = {
  orders: ['bucket_start', 'paid_orders', 'revenue_paise'],
  users: ['bucket_start', 'electricians', 'owners', 'admins', 'total'],
  devices: ['bucket_start', 'devices_added'],
  installations: ['bucket_start', 'started', 'completed'],
} as const satisfies Record<ReportSeriesName, readonly string[]>;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether `value` (YYYY-MM-DD) names a real calendar day (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (1 when they are the same day). */
export function reportRangeDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The reports' texts: the range's validation (the API's and the form's), the screen's failures. */
export const REPORT_MESSAGES = {
  load: 'Error loading reports',
  csvFailed: 'Failed to download CSV',
  date: 'Use a date as YYYY-MM-DD',
  order: 'The start date must be on or before the end date',
  tooLong: `The range may span at most ${REPORT_MAX_DAYS} days`,
} as const;

/** What is wrong with a report range (a field and its message), or undefined when it is valid. */
export function reportRangeError(
  from: string,
  to: string,
): { field: 'from' | 'to'; message: string } | undefined {
  if (!isCalendarDate(from)) return { field: 'from', message: REPORT_MESSAGES.date };
  if (!isCalendarDate(to)) return { field: 'to', message: REPORT_MESSAGES.date };
  const days = reportRangeDays(from, to);
  if (days < 1) return { field: 'to', message: REPORT_MESSAGES.order };
  if (days > REPORT_MAX_DAYS) return { field: 'from', message: REPORT_MESSAGES.tooLong };
  return undefined;
}

/** The CSV download's file name: `isaac-{series}-{from}-to-{to}-{bucket}.csv`. */
export function reportCsvFilename(
  series: ReportSeriesName,
  query: { from: string; to: string; bucket: ReportBucket },
): string {
  return `isaac-${series}-${query.from}-to-${query.to}-${query.bucket}.csv`;
}
