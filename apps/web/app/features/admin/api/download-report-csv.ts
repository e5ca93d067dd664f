import { REPORT_MESSAGES, reportCsvFilename, type ReportSeriesName } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { reportApiSearch, type ReportRange } from '../model/report-range';

type Query = Pick<ReportRange, 'from' | 'to' | 'bucket'>;

/**
 * GET /api/admin/reports/{series}.csv?from=&to=&bucket= → the CSV text. Fetched with the session's bearer
 * token (a plain link could not send it), then handed to the browser as a file download.
 */
export async function downloadReportCsv(series: ReportSeriesName, query: Query): Promise<string> {
  const csv = await apiRequest<unknown>(`/api/admin/reports/${series}.csv?${reportApiSearch(query)}`);
  if (typeof csv !== 'string') throw new Error(REPORT_MESSAGES.csvFailed);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = reportCsvFilename(series, query);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return link.download;
}

/** The download of one series; a failure is a toast (the server's message first). */
export function useDownloadReportCsv() {
  return useMutation({
    mutationFn: ({ series, query }: { series: ReportSeriesName; query: Query }) =>
      downloadReportCsv(series, query),
    onError: (error) => {
      toast.error(errorMessage(error, REPORT_MESSAGES.csvFailed));
    },
  });
}
