import type { OwnerDashboard } from '@isaac/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ownerKeys } from './keys';

/** GET /api/dashboard → owner statistics (device counts by type, rooms). */
export function getOwnerDashboard(signal?: AbortSignal): Promise<OwnerDashboard> {
  return apiRequest<OwnerDashboard>('/api/dashboard', { signal });
}

export const ownerDashboardQuery = () =>
  queryOptions({
    queryKey: ownerKeys.dashboard(),
    queryFn: ({ signal }) => getOwnerDashboard(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

export function useOwnerDashboard() {
  return useQuery(ownerDashboardQuery());
}
