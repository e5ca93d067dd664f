import type { AdminDeviceStats } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { assignmentKeys } from './assignments-keys';

/** GET /api/admin/devices/stats → {total, online, offline, types, firmware_versions}. */
export function getDeviceStats(signal?: AbortSignal): Promise<AdminDeviceStats> {
  return apiRequest<AdminDeviceStats>('/api/admin/devices/stats', { signal });
}

export function useDeviceStats() {
  return useQuery({
    queryKey: assignmentKeys.deviceStats(),
    queryFn: ({ signal }) => getDeviceStats(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
