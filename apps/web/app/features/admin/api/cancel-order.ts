import { ORDER_ACTION_MSG, type OrderActionResponse } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { inboxKeys } from './inbox-keys';

export interface OrderAction {
  /** The order's `_id`. */
  id: string;
  reason?: string;
}

/** POST /api/admin/orders/:id/cancel {reason} → {message, order}: an unpaid order is cancelled. */
export function cancelOrder({ id, reason = '' }: OrderAction): Promise<OrderActionResponse> {
  return apiRequest<OrderActionResponse>(`/api/admin/orders/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    body: { reason },
  });
}

export function useCancelOrder() {
  return useMutation({
    mutationFn: cancelOrder,
    meta: feedback<OrderActionResponse, OrderAction>({
      success: (result) => result.message || ORDER_ACTION_MSG.cancelled,
      error: ORDER_ACTION_MSG.cancelFailed,
      invalidates: [inboxKeys.orders()],
    }),
  });
}
