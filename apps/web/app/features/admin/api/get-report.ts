import { DASHBOARD_QUERY_RETRY, type Report } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { reportApiSearch, type ReportRange } from '../model/report-range';
import { reportKeys } from './reports-keys';

type Query = Pick<ReportRange, 'from' | 'to' | 'bucket'>;

/** GET /api/admin/reports?from=&to=&bucket= → every series of the range, and today's online share. */
export function getReport(query: Query, signal?: AbortSignal): Promise<Report> {
  return apiRequest<Report>(`/api/admin/reports?${reportApiSearch(query)}`, { signal });
}

/**
 * The report of a range. Reports are history: they are not refetched on a timer (unlike the live lists),
 * only when the range changes or Retry is pressed; the previous range stays on screen while the next loads.
 */
export function useReport(query: Query) {
  return useQuery({
    queryKey: reportKeys.report(query.from, query.to, query.bucket),
    queryFn: ({ signal }) => getReport(query, signal),
    retry: DASHBOARD_QUERY_RETRY,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
