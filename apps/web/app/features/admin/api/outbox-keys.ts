import type { OutboxFilters } from '../model/outbox';

/** Query keys of the admin Outbox screen: the lists and each e-mail's bodies. */
export const outboxKeys = {
  all: () => ['admin', 'outbox'] as const,
  list: (filters: OutboxFilters, pageSize: number) =>
    ['admin', 'outbox', 'list', { ...filters, pageSize }] as const,
  detail: (id: string) => ['admin', 'outbox', 'detail', id] as const,
};

/** Rows per page on the Outbox screen. */
export const OUTBOX_PAGE_SIZE = 20;
