import type { Report } from '@isaac/contract';
import { Download } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Button, EmptyState } from '~/components/ui';
import {
  formatDay,
  formatValue,
  isEmptySeries,
  type ReportChartSpec,
  seriesSummary,
  seriesTable,
} from '../../model/report-series';
import { ReportChart } from './ReportChart';

interface ReportFigureProps {
  report: Report;
  spec: ReportChartSpec;
  onDownload: () => void;
  downloading: boolean;
}

/**
 * One series: title, CSV download, the chart (hidden from screen readers), a text summary as its caption,
 * and the data as a table behind "Show data table" (the same numbers, for keyboard and screen-reader users).
 */
export function ReportFigure({ report, spec, onDownload, downloading }: ReportFigureProps) {
  const headingId = useId();
  const table = useMemo(() => seriesTable(report, spec), [report, spec]);
  const empty = isEmptySeries(table);
  const summary = seriesSummary(spec, table, report.bucket);

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-700/80 bg-slate-800/60 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-white">
          {spec.title}
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={onDownload}
          loading={downloading}
          icon={<Download aria-hidden="true" className="h-4 w-4" />}
          aria-label={`Download ${spec.title} CSV`}
        >
          {downloading ? 'Downloading…' : 'CSV'}
        </Button>
      </div>
      {empty ? (
        <EmptyState title={spec.empty} className="mt-4 py-8" />
      ) : (
        <figure className="mt-3">
          <ReportChart table={table} lines={spec.lines} bucket={report.bucket} />
          <figcaption className="mt-2 text-sm text-slate-300">{summary}</figcaption>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer text-sky-300 hover:text-sky-200">Show data table</summary>
            <div
              // scrolls on its own: reachable and scrollable with the keyboard
              tabIndex={0}
              role="group"
              aria-label={`${spec.title} data`}
              className="mt-2 max-h-72 overflow-auto rounded focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              <table className="w-full text-left text-slate-200 tabular-nums">
                <caption className="sr-only">
                  {spec.title}, {report.bucket === 'week' ? 'by week' : 'by day'}
                </caption>
                <thead className="sticky top-0 bg-slate-800 text-slate-400">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      {report.bucket === 'week' ? 'Week from' : 'Day'}
                    </th>
                    {spec.lines.map((line) => (
                      <th key={line.key} scope="col" className="py-1 pr-3 text-right font-medium">
                        {line.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.buckets.map((day, row) => (
                    <tr key={day} className="border-t border-slate-700/60">
                      <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                        {formatDay(day)}
                      </th>
                      {spec.lines.map((line, i) => (
                        <td key={line.key} className="py-1 pr-3 text-right">
                          {formatValue(line, table.values[i]?.[row] ?? 0)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </figure>
      )}
    </section>
  );
}
