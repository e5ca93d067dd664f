import type { AdminDeviceList } from '@isaac/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { type AdminDeviceFilters, adminDeviceListSearch } from '../model/admin-device-filters';
import { assignmentKeys } from './assignments-keys';

/** GET /api/admin/devices?page=&page_size=&search=&type=&status=&assignment=&firmware_version= */
export function listAdminDevices(
  filters: AdminDeviceFilters,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminDeviceList> {
  return apiRequest<AdminDeviceList>(`/api/admin/devices?${adminDeviceListSearch(filters, pageSize)}`, {
    signal,
  });
}

export const adminDeviceListQuery = (filters: AdminDeviceFilters, pageSize: number) =>
  queryOptions({
    queryKey: assignmentKeys.deviceList(filters, pageSize),
    queryFn: ({ signal }) => listAdminDevices(filters, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

/** One page of every device; the previous page stays on screen while the next one loads. */
export function useAdminDeviceList(filters: AdminDeviceFilters, pageSize: number) {
  return useQuery({ ...adminDeviceListQuery(filters, pageSize), placeholderData: keepPreviousData });
}
