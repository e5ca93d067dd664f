import type { AdminCustomerList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { PICKER_PAGE_SIZE, assignmentKeys } from './assignments-keys';

/** GET /api/admin/customers?search=&electrician_id= → owners with their electrician assignment. */
export function listCustomers(
  search: string,
  electricianId: string | null,
  signal?: AbortSignal,
): Promise<AdminCustomerList> {
  const params = new URLSearchParams({ page: '1', page_size: String(PICKER_PAGE_SIZE) });
  if (search) params.set('search', search);
  if (electricianId) params.set('electrician_id', electricianId);
  return apiRequest<AdminCustomerList>(`/api/admin/customers?${params.toString()}`, { signal });
}

export function useCustomers(search: string, electricianId: string | null, enabled = true) {
  return useQuery({
    queryKey: assignmentKeys.customerList(search, electricianId),
    queryFn: ({ signal }) => listCustomers(search, electricianId, signal),
    placeholderData: keepPreviousData,
    enabled,
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
