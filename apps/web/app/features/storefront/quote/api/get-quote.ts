import type { PublicQuote } from '@isaac/contract';
import { apiRequest } from '~/lib/api-client';

/** GET /api/quotes/:token → the customer's quote (any state); 404 for a link that is not one. */
export function getQuote(token: string, signal?: AbortSignal): Promise<PublicQuote> {
  return apiRequest<PublicQuote>(`/api/quotes/${encodeURIComponent(token)}`, { signal });
}
