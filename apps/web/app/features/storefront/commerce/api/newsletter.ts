import type { NewsletterBody } from '@isaac/contract';
import { apiRequest } from '~/lib/api-client';

export { errorMessage } from '~/lib/api-client';

/** POST /api/newsletter → 201 `{message}`, or 200 `{message}` when the e-mail is already subscribed. */
export function subscribeNewsletter(body: NewsletterBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/newsletter', { method: 'POST', body });
}
