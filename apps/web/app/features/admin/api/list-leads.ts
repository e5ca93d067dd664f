import type { ContactMessageList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { leadListView, type LeadListState } from '../model/quote-lists';
import { LEADS_PAGE_SIZE, quoteKeys } from './quotes-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** The subject of a quote request (the storefront's "Request a quote" preselects it). */
export const LEAD_SUBJECT = 'product-inquiry';

/**
 * GET /api/admin/contact-messages?state=open&subject=product-inquiry&search=&sort=&order=&page=&page_size=
 * → the open quote requests, a page at a time.
 */
export function listLeads(state: LeadListState, signal?: AbortSignal): Promise<ContactMessageList> {
  const params = new URLSearchParams(leadListView.apiSearch(state, LEADS_PAGE_SIZE));
  params.set('state', 'open');
  params.set('subject', LEAD_SUBJECT);
  return apiRequest<ContactMessageList>(`/api/admin/contact-messages?${params.toString()}`, { signal });
}

export function useLeadList(state: LeadListState) {
  return useQuery({
    queryKey: quoteKeys.leads(state),
    queryFn: ({ signal }) => listLeads(state, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
