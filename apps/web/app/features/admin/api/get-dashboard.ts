import type { AdminDashboard } from '@isaac/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { adminKeys } from './keys';

/** GET /api/admin/dashboard → totals, recent activity, system health, the newest users. */
export function getAdminDashboard(signal?: AbortSignal): Promise<AdminDashboard> {
  return apiRequest<AdminDashboard>('/api/admin/dashboard', { signal });
}

export const adminDashboardQuery = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => getAdminDashboard(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

export function useAdminDashboard() {
  return useQuery(adminDashboardQuery());
}
