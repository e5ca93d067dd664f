import type { ElectricianRoomList } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ELECTRICIAN_PAGE, electricianKeys } from './keys';

/** GET /electrician/rooms?page=1 → the rooms of every assigned customer. */
export function listElectricianRooms(signal?: AbortSignal): Promise<ElectricianRoomList> {
  return apiRequest<ElectricianRoomList>(`/electrician/rooms?${ELECTRICIAN_PAGE}`, { signal });
}

export function useElectricianRooms() {
  return useQuery({
    queryKey: electricianKeys.rooms(),
    queryFn: ({ signal }) => listElectricianRooms(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
