import { ORDER_ACTION_MSG, type OrderActionResponse } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import type { OrderAction } from './cancel-order';
import { inboxKeys } from './inbox-keys';

/**
 * POST /api/admin/orders/:id/refund {reason} → {message, order}: the full amount goes back through the
 * payment provider and the order's installation job is cancelled.
 */
export function refundOrder({ id, reason = '' }: OrderAction): Promise<OrderActionResponse> {
  return apiRequest<OrderActionResponse>(`/api/admin/orders/${encodeURIComponent(id)}/refund`, {
    method: 'POST',
    body: { reason },
  });
}

export function useRefundOrder() {
  return useMutation({
    mutationFn: refundOrder,
    meta: feedback<OrderActionResponse, OrderAction>({
      success: (result) => result.message || ORDER_ACTION_MSG.refunded,
      error: ORDER_ACTION_MSG.refundFailed,
      invalidates: [inboxKeys.orders()],
    }),
  });
}
