import type { OutboxListState } from '../model/outbox';

/** Query keys of the admin Outbox screen: the lists and each e-mail's bodies. */
export const outboxKeys = {
  all: () => ['admin', 'outbox'] as const,
  list: (state: OutboxListState, pageSize: number) =>
    ['admin', 'outbox', 'list', { ...state, pageSize }] as const,
  detail: (id: string) => ['admin', 'outbox', 'detail', id] as const,
};

/** Rows per page on the Outbox screen. */
export const OUTBOX_PAGE_SIZE = 20;
