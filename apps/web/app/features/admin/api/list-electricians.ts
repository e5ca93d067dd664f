import type { AdminElectricianList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { assignmentKeys } from './assignments-keys';

/** GET /api/admin/electricians?search=&page=&page_size= → electricians with counts, and totals. */
export function listElectricians(
  search: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminElectricianList> {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (search) params.set('search', search);
  return apiRequest<AdminElectricianList>(`/api/admin/electricians?${params.toString()}`, { signal });
}

export function useElectricians(search: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...assignmentKeys.electricianList(search, page), pageSize],
    queryFn: ({ signal }) => listElectricians(search, page, pageSize, signal),
    placeholderData: keepPreviousData,
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
