import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import type { DeviceListData } from '../model/device-cache';
import { deviceListView, type DeviceListState } from '../model/device-filters';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ownerKeys } from './keys';

/** GET /api/devices?room_id=&type=&sort=&order=&page=&page_size= → {devices, page, page_size, total}. */
export function listDevices(
  state: DeviceListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<DeviceListData> {
  return apiRequest<DeviceListData>(`/api/devices?${deviceListView.apiSearch(state, pageSize)}`, { signal });
}

export const deviceListQuery = (state: DeviceListState, pageSize: number) =>
  queryOptions({
    queryKey: ownerKeys.deviceList(state, pageSize),
    queryFn: ({ signal }) => listDevices(state, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

/** One page of the owner's devices; the previous page stays on screen while the next one loads. */
export function useDeviceList(state: DeviceListState, pageSize: number) {
  return useQuery({ ...deviceListQuery(state, pageSize), placeholderData: keepPreviousData });
}
