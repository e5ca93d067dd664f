import type { QuoteList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { quoteKeys } from './quotes-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/quotes?page=&page_size= → {quotes, total} (newest first). */
export function listQuotes(page: number, pageSize: number, signal?: AbortSignal): Promise<QuoteList> {
  const search = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return apiRequest<QuoteList>(`/api/admin/quotes?${search.toString()}`, { signal });
}

export function useQuoteList(page: number, pageSize: number) {
  return useQuery({
    queryKey: quoteKeys.quoteList(page, pageSize),
    queryFn: ({ signal }) => listQuotes(page, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
