import { formatInr, type Report, type ReportSeriesName } from '@isaac/contract';

/** One line of a chart: a field of the series' points, how it reads, and its axis. */
export interface ReportLine {
  key: string;
  label: string;
  color: string;
  /** `count` on the left axis; `money` (paise, shown in rupees) on the right. */
  kind: 'count' | 'money';
}

export interface ReportChartSpec {
  series: ReportSeriesName;
  title: string;
  /** What an all-zero range says instead of a flat chart. */
  empty: string;
  lines: ReportLine[];
}

/** The reports screen's charts, one per series (colours readable on the dark dashboard). */
export const REPORT_CHARTS: ReportChartSpec[] = [
  {
    series: 'orders',
    title: 'Orders and revenue',
    empty: 'No paid orders in this range',
    lines: [
      { key: 'paid_orders', label: 'Paid orders', color: '#38bdf8', kind: 'count' },
      { key: 'revenue_paise', label: 'Revenue', color: '#34d399', kind: 'money' },
    ],
  },
  {
    series: 'users',
    title: 'New users',
    empty: 'No new users in this range',
    lines: [
      { key: 'owners', label: 'Owners', color: '#38bdf8', kind: 'count' },
      { key: 'electricians', label: 'Electricians', color: '#fbbf24', kind: 'count' },
      { key: 'admins', label: 'Admins', color: '#c084fc', kind: 'count' },
    ],
  },
  {
    series: 'devices',
    title: 'Devices added',
    empty: 'No devices added in this range',
    lines: [{ key: 'devices_added', label: 'Devices added', color: '#38bdf8', kind: 'count' }],
  },
  {
    series: 'installations',
    title: 'Installations',
    empty: 'No installations started or completed in this range',
    lines: [
      { key: 'started', label: 'Started', color: '#fbbf24', kind: 'count' },
      { key: 'completed', label: 'Completed', color: '#34d399', kind: 'count' },
    ],
  },
];

export interface SeriesTable {
  /** Bucket start days, YYYY-MM-DD. */
  buckets: string[];
  /** One array of numbers per line, in REPORT_CHARTS order. */
  values: number[][];
}

/** The points of a series as columns. */
export function seriesTable(report: Report, spec: ReportChartSpec): SeriesTable {
  const points = report.series[spec.series] as unknown as Record<string, number | string>[];
  return {
    buckets: points.map((p) => String(p.bucket_start)),
    values: spec.lines.map((line) => points.map((p) => Number(p[line.key] ?? 0))),
  };
}

export const formatValue = (line: ReportLine, value: number): string =>
  line.kind === 'money' ? formatInr(value) : new Intl.NumberFormat('en-IN').format(value);

const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** 2026-11-23 → "23 Nov 2026". */
export const formatDay = (day: string): string => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

/**
 * The text alternative of a chart: each line's total over the range and the bucket where the first line
 * peaked, e.g. "Paid orders: 19 in total. Revenue: ₹4,56,789 in total. Most paid orders in the week of
 * 16 Nov 2026 (4)."
 */
export function seriesSummary(spec: ReportChartSpec, table: SeriesTable, bucket: Report['bucket']): string {
  const totals = spec.lines.map((line, i) => {
    const total = (table.values[i] ?? []).reduce((sum, v) => sum + v, 0);
    return `${line.label}: ${formatValue(line, total)} in total.`;
  });
  const first = spec.lines[0];
  const values = table.values[0] ?? [];
  const peak = values.reduce((best, v, i) => (v > (values[best] ?? 0) ? i : best), 0);
  const peakDay = table.buckets[peak];
  if (!first || peakDay === undefined || (values[peak] ?? 0) === 0) return totals.join(' ');
  const when = bucket === 'week' ? `in the week of ${formatDay(peakDay)}` : `on ${formatDay(peakDay)}`;
  return `${totals.join(' ')} Most ${first.label.toLowerCase()} ${when} (${formatValue(first, values[peak] ?? 0)}).`;
}

/** Whether every value of the series is zero (the chart shows its empty state). */
export const isEmptySeries = (table: SeriesTable): boolean =>
  table.values.every((v) => v.every((x) => x === 0));
