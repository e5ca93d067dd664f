import type { ContactBody } from '@isaac/contract';
import { apiRequest } from '~/lib/api-client';

/** POST /api/contact → 201 `{message}`. */
export function sendContactMessage(body: ContactBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/contact', { method: 'POST', body });
}
