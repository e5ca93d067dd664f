import type { ContactMessageList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { messageFilters, type MessageFilters } from '../model/inbox-filters';
import { inboxKeys } from './inbox-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/contact-messages?page=&page_size=&search=&state= → {contact_messages, page, page_size, total}. */
export function listContactMessages(
  filters: MessageFilters,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ContactMessageList> {
  return apiRequest<ContactMessageList>(
    `/api/admin/contact-messages?${messageFilters.apiSearch(filters, pageSize)}`,
    { signal },
  );
}

export function useContactMessageList(filters: MessageFilters, pageSize: number) {
  return useQuery({
    queryKey: inboxKeys.messageList(filters, pageSize),
    queryFn: ({ signal }) => listContactMessages(filters, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
