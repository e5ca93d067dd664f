import type { CreateOrderResponse, QuoteOrderBody } from '@isaac/contract';
import { apiRequest } from '~/lib/api-client';

/**
 * POST /api/quotes/:token/order {address?} → the checkout's order for the quote's price (the server's
 * amount; nothing about the price is sent). 410 expired or withdrawn, 409 paid, 400 address missing.
 */
export function createQuoteOrder(token: string, body: QuoteOrderBody): Promise<CreateOrderResponse> {
  return apiRequest<CreateOrderResponse>(`/api/quotes/${encodeURIComponent(token)}/order`, {
    method: 'POST',
    body,
  });
}
