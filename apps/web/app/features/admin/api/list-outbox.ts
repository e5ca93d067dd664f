import type { OutboxList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { outboxFilters, type OutboxFilters } from '../model/outbox';
import { outboxKeys } from './outbox-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/outbox?page=&page_size=&search=&state= → {messages, page, page_size, total, delivering}. */
export function listOutbox(
  filters: OutboxFilters,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OutboxList> {
  return apiRequest<OutboxList>(`/api/admin/outbox?${outboxFilters.apiSearch(filters, pageSize)}`, {
    signal,
  });
}

export function useOutboxList(filters: OutboxFilters, pageSize: number) {
  return useQuery({
    queryKey: outboxKeys.list(filters, pageSize),
    queryFn: ({ signal }) => listOutbox(filters, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
