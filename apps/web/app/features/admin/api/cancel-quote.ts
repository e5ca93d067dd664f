import { QUOTE_MSG, type QuoteResponse } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { quoteKeys } from './quotes-keys';

/** POST /api/admin/quotes/:id/cancel → {message, quote}: the link then takes no payment. */
export function cancelQuote(id: string): Promise<QuoteResponse> {
  return apiRequest<QuoteResponse>(`/api/admin/quotes/${encodeURIComponent(id)}/cancel`, { method: 'POST' });
}

export function useCancelQuote() {
  return useMutation({
    mutationFn: cancelQuote,
    meta: feedback<QuoteResponse, string>({
      success: (result) => result.message || QUOTE_MSG.withdrawn,
      error: 'Could not cancel the quote',
      invalidates: [quoteKeys.quotes()],
    }),
  });
}
