import type { ContactMessageList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { LEADS_PAGE_SIZE, quoteKeys } from './quotes-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** The subject of a quote request (the storefront's "Request a quote" preselects it). */
export const LEAD_SUBJECT = 'product-inquiry';

/**
 * GET /api/admin/contact-messages?state=open&subject=product-inquiry&search= → the open quote requests,
 * newest first (the first page).
 */
export function listLeads(search: string, signal?: AbortSignal): Promise<ContactMessageList> {
  const params = new URLSearchParams({
    state: 'open',
    subject: LEAD_SUBJECT,
    page: '1',
    page_size: String(LEADS_PAGE_SIZE),
  });
  if (search) params.set('search', search);
  return apiRequest<ContactMessageList>(`/api/admin/contact-messages?${params.toString()}`, { signal });
}

export function useLeadList(search: string) {
  return useQuery({
    queryKey: quoteKeys.leads(search),
    queryFn: ({ signal }) => listLeads(search, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
