import { REPORT_MESSAGES } from '@isaac/contract';
import { Wifi } from 'lucide-react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState, Spinner, StatCard } from '~/components/ui';
import { useDownloadReportCsv } from '../../api/download-report-csv';
import { useReport } from '../../api/get-report';
import { readReportRange, reportRangeSearch, type ReportRange } from '../../model/report-range';
import { formatDay, REPORT_CHARTS } from '../../model/report-series';
import { ReportFigure } from './ReportFigure';
import { ReportRangeForm } from './ReportRangeForm';

/** /admin/reports: a date range and bucket (kept in the URL), one chart per series, CSV downloads. */
export function ReportsPage() {
  const [search, setSearch] = useSearchParams();
  // presets are relative to today (UTC); re-read when the URL changes
  const range = useMemo(() => readReportRange(search, new Date()), [search]);
  const report = useReport(range);
  const download = useDownloadReportCsv();

  const changeRange = (next: ReportRange) => setSearch(reportRangeSearch(next), { replace: true });
  const online = report.data?.devices_online;
  const loadError = report.isError ? (
    <ErrorState
      title={REPORT_MESSAGES.load}
      message={report.error.message}
      onRetry={() => void report.refetch()}
      retrying={report.isFetching}
    />
  ) : null;

  return (
    <div className="space-y-6">
      <ReportRangeForm
        key={`${range.preset}:${range.from}:${range.to}`}
        range={range}
        onChange={changeRange}
      />

      <p className="text-sm text-slate-400" aria-live="polite">
        {formatDay(range.from)} – {formatDay(range.to)} (UTC),{' '}
        {range.bucket === 'week' ? 'by week' : 'by day'}
        {report.isFetching && report.data ? ' · Updating…' : ''}
      </p>

      {report.isError && !report.data ? (
        loadError
      ) : report.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner size="lg" label="Loading reports…" />
        </div>
      ) : (
        <>
          {/* a failed refresh keeps the last report on screen, its error above it */}
          {loadError}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard
              label="Devices online now"
              value={online ? `${Math.round(online.share * 100)}%` : '–'}
              hint={online ? `${online.online} of ${online.total} devices (history is not kept)` : undefined}
              icon={Wifi}
              accent="emerald"
            />
          </div>
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            {REPORT_CHARTS.map((spec) => (
              <ReportFigure
                key={spec.series}
                report={report.data}
                spec={spec}
                downloading={download.isPending && download.variables.series === spec.series}
                onDownload={() => download.mutate({ series: spec.series, query: range })}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
