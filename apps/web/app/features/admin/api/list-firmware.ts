import type { DeviceType, FirmwareList } from '@isaac/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { FIRMWARE_PAGE_SIZE, firmwareKeys } from './firmware-keys';

/** GET /api/admin/firmware?page=&page_size=&device_type= → {firmware, page, page_size, total}, newest first. */
export function listFirmware(
  page: number,
  deviceType: DeviceType | undefined,
  signal?: AbortSignal,
): Promise<FirmwareList> {
  const search = new URLSearchParams({ page: String(page), page_size: String(FIRMWARE_PAGE_SIZE) });
  if (deviceType) search.set('device_type', deviceType);
  return apiRequest<FirmwareList>(`/api/admin/firmware?${search.toString()}`, { signal });
}

export const firmwareListQuery = (page: number, deviceType: DeviceType | undefined) =>
  queryOptions({
    queryKey: firmwareKeys.list(page, deviceType),
    queryFn: ({ signal }) => listFirmware(page, deviceType, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

export function useFirmwareList(page: number, deviceType: DeviceType | undefined) {
  return useQuery({ ...firmwareListQuery(page, deviceType), placeholderData: keepPreviousData });
}
