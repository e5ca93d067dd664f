import type { ContactMessageList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { messageListView, type MessageListState } from '../model/inbox-filters';
import { inboxKeys } from './inbox-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/**
 * GET /api/admin/contact-messages?search=&state=&sort=&order=&page=&page_size= → {contact_messages, page,
 * page_size, total}.
 */
export function listContactMessages(
  state: MessageListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ContactMessageList> {
  return apiRequest<ContactMessageList>(
    `/api/admin/contact-messages?${messageListView.apiSearch(state, pageSize)}`,
    { signal },
  );
}

export function useContactMessageList(state: MessageListState, pageSize: number) {
  return useQuery({
    queryKey: inboxKeys.messageList(state, pageSize),
    queryFn: ({ signal }) => listContactMessages(state, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
