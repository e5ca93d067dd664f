import type { FirmwareList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { firmwareListView, type FirmwareListState } from '../model/firmware';
import { FIRMWARE_PAGE_SIZE, firmwareKeys } from './firmware-keys';

/** GET /api/admin/firmware?search=&device_type=&sort=&order=&page=&page_size= → {firmware, page, page_size, total}. */
export function listFirmware(state: FirmwareListState, signal?: AbortSignal): Promise<FirmwareList> {
  return apiRequest<FirmwareList>(
    `/api/admin/firmware?${firmwareListView.apiSearch(state, FIRMWARE_PAGE_SIZE)}`,
    {
      signal,
    },
  );
}

export function useFirmwareList(state: FirmwareListState) {
  return useQuery({
    queryKey: firmwareKeys.list(state),
    queryFn: ({ signal }) => listFirmware(state, signal),
    ...DASHBOARD_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
