import type { ElectricianDeviceList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { deviceListView, ELECTRICIAN_PAGE_SIZE, type DeviceListState } from '../model/lists';
import { electricianKeys } from './keys';

/** GET /electrician/devices?search=&sort=&order=&page=&page_size= → entries each holding a device. */
export function listElectricianDevices(
  state: DeviceListState,
  signal?: AbortSignal,
): Promise<ElectricianDeviceList> {
  return apiRequest<ElectricianDeviceList>(
    `/electrician/devices?${deviceListView.apiSearch(state, ELECTRICIAN_PAGE_SIZE)}`,
    { signal },
  );
}

export function useElectricianDevices(state: DeviceListState) {
  return useQuery({
    queryKey: [...electricianKeys.devices(), state],
    queryFn: ({ signal }) => listElectricianDevices(state, signal),
    ...DASHBOARD_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
