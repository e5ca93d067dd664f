import type { AdminCustomerList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import type { CustomerQuery } from '../model/electrician-lists';
import { PICKER_PAGE_SIZE, assignmentKeys } from './assignments-keys';

/** GET /api/admin/customers?search=&electrician_id=&page=&page_size= → owners by name, with their assignment. */
export function listCustomers(query: CustomerQuery, signal?: AbortSignal): Promise<AdminCustomerList> {
  const params = new URLSearchParams({
    page: String(query.page ?? 1),
    page_size: String(query.pageSize ?? PICKER_PAGE_SIZE),
  });
  if (query.search) params.set('search', query.search);
  if (query.electricianId) params.set('electrician_id', query.electricianId);
  return apiRequest<AdminCustomerList>(`/api/admin/customers?${params.toString()}`, { signal });
}

export function useCustomers(query: CustomerQuery) {
  return useQuery({
    queryKey: assignmentKeys.customerList(query),
    queryFn: ({ signal }) => listCustomers(query, signal),
    placeholderData: keepPreviousData,
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
