import type { AdminDeviceList } from '@isaac/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { adminDeviceListView, type AdminDeviceListState } from '../model/admin-device-filters';
import { assignmentKeys } from './assignments-keys';

/** GET /api/admin/devices?search=&type=&status=&assignment=&firmware_version=&sort=&order=&page=&page_size= */
export function listAdminDevices(
  state: AdminDeviceListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminDeviceList> {
  return apiRequest<AdminDeviceList>(`/api/admin/devices?${adminDeviceListView.apiSearch(state, pageSize)}`, {
    signal,
  });
}

export const adminDeviceListQuery = (state: AdminDeviceListState, pageSize: number) =>
  queryOptions({
    queryKey: assignmentKeys.deviceList(state, pageSize),
    queryFn: ({ signal }) => listAdminDevices(state, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

/** One page of every device; the previous page stays on screen while the next one loads. */
export function useAdminDeviceList(state: AdminDeviceListState, pageSize: number) {
  return useQuery({ ...adminDeviceListQuery(state, pageSize), placeholderData: keepPreviousData });
}
