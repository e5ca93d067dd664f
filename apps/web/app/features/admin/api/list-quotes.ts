import type { QuoteList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { quoteListView, type QuoteListState } from '../model/quote-lists';
import { quoteKeys } from './quotes-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/quotes?search=&sort=&order=&page=&page_size= → {quotes, page, page_size, total}. */
export function listQuotes(
  state: QuoteListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<QuoteList> {
  return apiRequest<QuoteList>(`/api/admin/quotes?${quoteListView.apiSearch(state, pageSize)}`, { signal });
}

export function useQuoteList(state: QuoteListState, pageSize: number) {
  return useQuery({
    queryKey: quoteKeys.quoteList(state, pageSize),
    queryFn: ({ signal }) => listQuotes(state, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
