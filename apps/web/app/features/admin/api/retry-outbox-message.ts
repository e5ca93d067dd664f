import type { OutboxMessage } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { OUTBOX_MSG } from '../model/outbox';
import { outboxKeys } from './outbox-keys';

/** POST /api/admin/outbox/:id/retry → the e-mail, pending again. */
export function retryOutboxMessage(id: string): Promise<OutboxMessage> {
  return apiRequest<OutboxMessage>(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

export function useRetryOutboxMessage() {
  return useMutation({
    mutationFn: retryOutboxMessage,
    meta: feedback<OutboxMessage, string>({
      success: OUTBOX_MSG.retried,
      error: OUTBOX_MSG.retryFailed,
      invalidates: [outboxKeys.all()],
    }),
  });
}
