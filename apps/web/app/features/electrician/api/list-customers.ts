import type { ElectricianUserList } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ELECTRICIAN_PAGE, electricianKeys } from './keys';

/** GET /electrician/users?page=1 → {users} with installation_date and customer-status. */
export function listElectricianCustomers(signal?: AbortSignal): Promise<ElectricianUserList> {
  return apiRequest<ElectricianUserList>(`/electrician/users?${ELECTRICIAN_PAGE}`, { signal });
}

export function useElectricianCustomers() {
  return useQuery({
    queryKey: electricianKeys.customers(),
    queryFn: ({ signal }) => listElectricianCustomers(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
