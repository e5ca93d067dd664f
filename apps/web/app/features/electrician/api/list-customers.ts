import { MAX_PAGE_SIZE, type ElectricianUserList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { customerListView, type CustomerListState } from '../model/lists';
import { electricianKeys } from './keys';

/** GET /electrician/users?sort=&order=&page=&page_size= → {users} with installation_date and customer-status. */
export function listElectricianCustomers(
  state: CustomerListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ElectricianUserList> {
  return apiRequest<ElectricianUserList>(
    `/electrician/users?${customerListView.apiSearch(state, pageSize)}`,
    {
      signal,
    },
  );
}

/** A page of the assigned customers; the pickers (Customer mode, the guided install) take the first MAX_PAGE_SIZE. */
export function useElectricianCustomers(
  state: CustomerListState = customerListView.none,
  pageSize: number = MAX_PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...electricianKeys.customers(), { ...state, pageSize }],
    queryFn: ({ signal }) => listElectricianCustomers(state, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
