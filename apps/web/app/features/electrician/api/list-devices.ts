import type { ElectricianDeviceList } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ELECTRICIAN_PAGE, electricianKeys } from './keys';

/** GET /electrician/devices?page=1 → entries each holding a device. */
export function listElectricianDevices(signal?: AbortSignal): Promise<ElectricianDeviceList> {
  return apiRequest<ElectricianDeviceList>(`/electrician/devices?${ELECTRICIAN_PAGE}`, { signal });
}

export function useElectricianDevices() {
  return useQuery({
    queryKey: electricianKeys.devices(),
    queryFn: ({ signal }) => listElectricianDevices(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
