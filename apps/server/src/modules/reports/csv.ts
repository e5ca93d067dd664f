import { PAISE_PER_RUPEE, REPORT_COLUMNS, type ReportPoints, type ReportSeriesName } from '@isaac/contract';
import { stringify } from 'csv-stringify/sync';

/**
 * A series as CSV (RFC 4180: a header row, CRLF line ends, fields quoted when they hold a comma, quote
 * or line break). No cell can run as a spreadsheet formula: csv-stringify's `escape_formulas` prefixes
 * a quote to a text cell starting with =, +, -, @, tab or CR (numbers are written as they are).
 * The orders CSV adds `revenue_inr` (rupees, two decimals) beside the paise.
 */
export function seriesCsv<S extends ReportSeriesName>(name: S, points: ReportPoints[S]): string {
  const columns: string[] = [...REPORT_COLUMNS[name]];
  const rows: Record<string, unknown>[] = points.map((point) => ({ ...point }));
  if (name === 'orders') {
    columns.push('revenue_inr');
    for (const row of rows) row.revenue_inr = (Number(row.revenue_paise) / PAISE_PER_RUPEE).toFixed(2);
  }
  return stringify(rows, { header: true, columns, record_delimiter: '\r\n', escape_formulas: true });
}
