import { LATE_CAPTURE_MSG, type LateCaptureList, type LateCaptureResponse } from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { inboxKeys } from './inbox-keys';

export const LATE_CAPTURE_REFUND_FAILED = 'Could not refund the payment';

/** GET /api/admin/late-captures: payments captured for closed or already-paid orders, those to refund first. */
export function useLateCaptures() {
  return useQuery({
    queryKey: inboxKeys.lateCaptures(),
    queryFn: ({ signal }) => apiRequest<LateCaptureList>('/api/admin/late-captures', { signal }),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}

/** POST /api/admin/late-captures/:id/refund → the payment refunded in full through the provider. */
export function useRefundLateCapture() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<LateCaptureResponse>(`/api/admin/late-captures/${encodeURIComponent(id)}/refund`, {
        method: 'POST',
      }),
    meta: feedback<LateCaptureResponse, string>({
      success: (result) => result.message || LATE_CAPTURE_MSG.refunded,
      error: LATE_CAPTURE_REFUND_FAILED,
      invalidates: [inboxKeys.lateCaptures()],
    }),
  });
}
