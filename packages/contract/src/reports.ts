import { z } from 'zod';
import {
  DEFAULT_REPORT_BUCKET,
  isCalendarDate,
  REPORT_BUCKETS,
  REPORT_MESSAGES,
  REPORT_SERIES,
  reportRangeError,
} from './report-rules.ts';

/**
 * Admin reports (issue 10): `GET /api/admin/reports?from=&to=&bucket=` and one CSV per series,
 * `GET /api/admin/reports/{series}.csv` with the same query. Dates are whole UTC days (YYYY-MM-DD),
 * both ends included; a week bucket is the ISO week (Monday to Sunday) and counts only the days of it
 * inside the range, named by its first day in the range. Every bucket of the range is present: a bucket
 * without rows is zeros.
 */

const reportDate = z.string().refine(isCalendarDate, REPORT_MESSAGES.date);

export const reportQuerySchema = z
  .object({
    from: reportDate,
    to: reportDate,
    bucket: z.enum(REPORT_BUCKETS).default(DEFAULT_REPORT_BUCKET),
  })
  .superRefine((query, ctx) => {
    // the dates themselves are checked above; here only their order and the range's length
    const problem = reportRangeError(query.from, query.to);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
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
