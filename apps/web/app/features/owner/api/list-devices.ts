import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import type { DeviceListData } from '../model/device-cache';
import { type DeviceFilters, deviceListSearch } from '../model/device-filters';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ownerKeys } from './keys';

/** GET /api/devices?page=&page_size=&room_id=&type= → {devices, page, page_size, total}. */
export function listDevices(
  filters: DeviceFilters,
  pageSize: number,
  signal?: AbortSignal,
): Promise<DeviceListData> {
  return apiRequest<DeviceListData>(`/api/devices?${deviceListSearch(filters, pageSize)}`, { signal });
}

export const deviceListQuery = (filters: DeviceFilters, pageSize: number) =>
  queryOptions({
    queryKey: ownerKeys.deviceList(filters, pageSize),
    queryFn: ({ signal }) => listDevices(filters, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

/** One page of the owner's devices; the previous page stays on screen while the next one loads. */
export function useDeviceList(filters: DeviceFilters, pageSize: number) {
  return useQuery({ ...deviceListQuery(filters, pageSize), placeholderData: keepPreviousData });
}
