import { QUOTE_MSG, type CreateQuoteBody, type QuoteResponse } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { inboxKeys } from './inbox-keys';
import { quoteKeys } from './quotes-keys';

/** POST /api/admin/quotes → 201 {message, quote}: the customer is e-mailed the quote's link. */
export function createQuote(body: CreateQuoteBody): Promise<QuoteResponse> {
  return apiRequest<QuoteResponse>('/api/admin/quotes', { method: 'POST', body });
}

export function useCreateQuote() {
  return useMutation({
    mutationFn: createQuote,
    meta: feedback<QuoteResponse, CreateQuoteBody>({
      success: (result) => result.message || QUOTE_MSG.created,
      error: 'Could not send the quote',
      // the lead it answers is marked handled: the leads and the Messages screen change too
      invalidates: [quoteKeys.quotes(), inboxKeys.messages()],
    }),
  });
}
