import type { ElectricianDashboard } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { electricianKeys } from './keys';

/** GET /api/electrician/dashboard → statistics and the latest five devices, installations, customers. */
export function getElectricianDashboard(signal?: AbortSignal): Promise<ElectricianDashboard> {
  return apiRequest<ElectricianDashboard>('/api/electrician/dashboard', { signal });
}

export function useElectricianDashboard() {
  return useQuery({
    queryKey: electricianKeys.dashboard(),
    queryFn: ({ signal }) => getElectricianDashboard(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
