import type { OutboxMessageDetail } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { outboxKeys } from './outbox-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/outbox/:id → the e-mail with its HTML and plain text. */
export function getOutboxMessage(id: string, signal?: AbortSignal): Promise<OutboxMessageDetail> {
  return apiRequest<OutboxMessageDetail>(`/api/admin/outbox/${encodeURIComponent(id)}`, { signal });
}

/** One e-mail's bodies (they do not change once written: no polling). */
export function useOutboxMessage(id: string) {
  return useQuery({
    queryKey: outboxKeys.detail(id),
    queryFn: ({ signal }) => getOutboxMessage(id, signal),
    ...ADMIN_QUERY_OPTIONS,
    refetchInterval: false,
  });
}
