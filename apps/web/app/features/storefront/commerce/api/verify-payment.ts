import type { VerifyPaymentBody, VerifyPaymentResponse } from '@isaac/contract';
import { apiRequest } from '~/lib/api-client';

/** POST /api/verify-payment: the server checks the signature against the stored order and marks it paid. */
export function verifyPayment(body: VerifyPaymentBody): Promise<VerifyPaymentResponse> {
  return apiRequest<VerifyPaymentResponse>('/api/verify-payment', { method: 'POST', body });
}
