import type { OutboxList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { outboxListView, type OutboxListState } from '../model/outbox';
import { outboxKeys } from './outbox-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/**
 * GET /api/admin/outbox?search=&state=&sort=&order=&page=&page_size= → {messages, page, page_size, total,
 * delivering}.
 */
export function listOutbox(
  state: OutboxListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OutboxList> {
  return apiRequest<OutboxList>(`/api/admin/outbox?${outboxListView.apiSearch(state, pageSize)}`, {
    signal,
  });
}

export function useOutboxList(state: OutboxListState, pageSize: number) {
  return useQuery({
    queryKey: outboxKeys.list(state, pageSize),
    queryFn: ({ signal }) => listOutbox(state, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
