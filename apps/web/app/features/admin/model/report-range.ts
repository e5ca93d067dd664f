import { isCalendarDate, REPORT_BUCKETS, reportRangeError, type ReportBucket } from '@isaac/contract';

/**
 * The reports screen's range, kept in the URL: `?range=7|30|90` (the last N days up to today, UTC) or
 * `?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`, and `bucket=day|week`. Anything missing or unreadable
 * falls back to the default (the last 90 days, by week).
 */
export const REPORT_PRESETS = [
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number]['value'] | 'custom';

export const DEFAULT_PRESET: ReportPreset = '90';
export const DEFAULT_BUCKET: ReportBucket = 'week';
export const BUCKET_LABELS: Record<ReportBucket, string> = { day: 'By day', week: 'By week' };

export interface ReportRange {
  preset: ReportPreset;
  from: string;
  to: string;
  bucket: ReportBucket;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of `date` as YYYY-MM-DD. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The last `days` days up to today (UTC), both included. */
export function presetRange(days: number, today: Date): { from: string; to: string } {
  return { from: utcDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: utcDay(today) };
}

/** The range the URL asks for (a custom range that is not valid falls back to the default preset). */
export function readReportRange(search: URLSearchParams, today: Date): ReportRange {
  const bucketParam = search.get('bucket');
  const bucket = (REPORT_BUCKETS as readonly string[]).includes(bucketParam ?? '')
    ? (bucketParam as ReportBucket)
    : DEFAULT_BUCKET;
  const range = search.get('range');
  if (range === 'custom') {
    const from = search.get('from') ?? '';
    const to = search.get('to') ?? '';
    if (isCalendarDate(from) && isCalendarDate(to) && !reportRangeError(from, to)) {
      return { preset: 'custom', from, to, bucket };
    }
  }
  const preset =
    REPORT_PRESETS.find((p) => p.value === range) ?? REPORT_PRESETS.find((p) => p.value === DEFAULT_PRESET);
  const days = preset?.days ?? 90;
  return { preset: preset?.value ?? DEFAULT_PRESET, ...presetRange(days, today), bucket };
}

/** The URL query of a range (presets do not carry their dates: they move with today). */
export function reportRangeSearch(range: Pick<ReportRange, 'preset' | 'from' | 'to' | 'bucket'>): string {
  const params = new URLSearchParams({ range: range.preset });
  if (range.preset === 'custom') {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  params.set('bucket', range.bucket);
  return params.toString();
}

/** The API query of a range: `from=&to=&bucket=`. */
export function reportApiSearch(range: Pick<ReportRange, 'from' | 'to' | 'bucket'>): string {
  return new URLSearchParams({ from: range.from, to: range.to, bucket: range.bucket }).toString();
}
