import { REPORT_MESSAGES, reportCsvFilename, type ReportSeriesName } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { saveFile } from '~/lib/save-file';
import { reportApiSearch, type ReportRange } from '../model/report-range';

type Query = Pick<ReportRange, 'from' | 'to' | 'bucket'>;

/**
 * GET /api/admin/reports/{series}.csv?from=&to=&bucket= → the CSV text. Fetched with the session's bearer
 * token (a plain link could not send it), then handed to the browser as a file download.
 */
export async function downloadReportCsv(series: ReportSeriesName, query: Query): Promise<string> {
  const csv = await apiRequest<unknown>(`/api/admin/reports/${series}.csv?${reportApiSearch(query)}`);
  if (typeof csv !== 'string') throw new Error(REPORT_MESSAGES.csvFailed);
  return saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), reportCsvFilename(series, query));
}

/** The download of one series; a failure is a toast (the server's message first, mutation feedback). */
export function useDownloadReportCsv() {
  return useMutation({
    mutationFn: ({ series, query }: { series: ReportSeriesName; query: Query }) =>
      downloadReportCsv(series, query),
    meta: feedback({ error: REPORT_MESSAGES.csvFailed }),
  });
}
