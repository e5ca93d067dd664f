import { z } from 'zod';
import { DEFAULT_REPORT_BUCKET, REPORT_BUCKETS, REPORT_MAX_DAYS, REPORT_SERIES } from './constants.ts';

/**
 * Admin reports (issue 10): `GET /api/admin/reports?from=&to=&bucket=` and one CSV per series,
 * `GET /api/admin/reports/{series}.csv` with the same query. Dates are whole UTC days (YYYY-MM-DD),
 * both ends included; a week bucket is the ISO week (Monday to Sunday) and counts only the days of it
 * inside the range, named by its first day in the range. Every bucket of the range is present: a bucket
 * without rows is zeros.
 */

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

export const REPORT_MESSAGES = {
  date: 'Use a date as YYYY-MM-DD',
  order: 'The start date must be on or before the end date',
  tooLong: `The range may span at most ${REPORT_MAX_DAYS} days`,
} as const;

const reportDate = z.string().refine(isCalendarDate, REPORT_MESSAGES.date);

export const reportQuerySchema = z
  .object({
    from: reportDate,
    to: reportDate,
    bucket: z.enum(REPORT_BUCKETS).default(DEFAULT_REPORT_BUCKET),
  })
  .superRefine((query, ctx) => {
    const days = reportRangeDays(query.from, query.to);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
    else if (days > REPORT_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.tooLong });
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportSeriesParamsSchema = z.object({ series: z.enum(REPORT_SERIES) });

const count = z.number().int().nonnegative();
const bucketStart = z.string().describe('First day of the bucket inside the range (YYYY-MM-DD, UTC)');

export const reportPointSchemas = {
  /** Paid orders only, by the time they were paid; revenue in integer paise (the orders table's unit). */
  orders: z.object({ bucket_start: bucketStart, paid_orders: count, revenue_paise: count }),
  /** Users created, by role (total includes any other role code). */
  users: z.object({
    bucket_start: bucketStart,
    electricians: count,
    owners: count,
    admins: count,
    total: count,
  }),
  devices: z.object({ bucket_start: bucketStart, devices_added: count }),
  /** Installations by the time they were started (`started_at`) and completed (`completed_at`). */
  installations: z.object({ bucket_start: bucketStart, started: count, completed: count }),
};
export type ReportPoints = {
  [K in keyof typeof reportPointSchemas]: z.infer<(typeof reportPointSchemas)[K]>[];
};

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(REPORT_BUCKETS),
  timezone: z.literal('UTC'),
  currency: z.literal('INR'),
  series: z.object({
    orders: z.array(reportPointSchemas.orders),
    users: z.array(reportPointSchemas.users),
    devices: z.array(reportPointSchemas.devices),
    installations: z.array(reportPointSchemas.installations),
  }),
  /**
   * The share of devices online now: connectivity history is not stored, so this is today's figure,
   * not a series (`share` = online / total, 0 when there are no devices).
   */
  devices_online: z.object({
    as_of: z.string(),
    online: count,
    total: count,
    share: z.number().min(0).max(1),
  }),
});
export type Report = z.infer<typeof reportSchema>;

/** `GET /api/admin/reports/{series}.csv`: text/csv, a header row (REPORT_COLUMNS) then one row per bucket. */
export const reportCsvSchema = z.string().describe('text/csv: a header row, then one row per bucket');
