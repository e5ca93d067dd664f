import type { SandboxOrder, SandboxPayBody, VerifyPaymentBody } from '@isaac/contract';
import { apiRequest } from '~/lib/api-client';

/** GET /api/sandbox/orders/:order_id: what the sandbox checkout shows. */
export function fetchSandboxOrder(orderId: string, signal?: AbortSignal): Promise<SandboxOrder> {
  return apiRequest<SandboxOrder>(`/api/sandbox/orders/${encodeURIComponent(orderId)}`, { signal });
}

/**
 * POST /api/sandbox/orders/:order_id/pay: success answers the signed handler response; a simulated
 * failure answers 402 `payment_failed` (an ApiError).
 */
export function paySandboxOrder(
  orderId: string,
  outcome: SandboxPayBody['outcome'],
): Promise<VerifyPaymentBody> {
  const body: SandboxPayBody = { outcome };
  return apiRequest<VerifyPaymentBody>(`/api/sandbox/orders/${encodeURIComponent(orderId)}/pay`, {
    method: 'POST',
    body,
  });
}
