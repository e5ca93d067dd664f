import type { AdminElectricianList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { electricianListView, type ElectricianListState } from '../model/electrician-lists';
import { assignmentKeys } from './assignments-keys';

/** GET /api/admin/electricians?search=&sort=&order=&page=&page_size= → electricians with counts, and totals. */
export function listElectricians(
  state: ElectricianListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminElectricianList> {
  return apiRequest<AdminElectricianList>(
    `/api/admin/electricians?${electricianListView.apiSearch(state, pageSize)}`,
    { signal },
  );
}

/** A page of electricians; the pickers of the assign dialogs take the first page, by name. */
export function useElectricians(state: ElectricianListState = electricianListView.none, pageSize: number) {
  return useQuery({
    queryKey: assignmentKeys.electricianList(state, pageSize),
    queryFn: ({ signal }) => listElectricians(state, pageSize, signal),
    placeholderData: keepPreviousData,
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
