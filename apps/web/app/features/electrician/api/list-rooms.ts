import type { ElectricianRoomList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ELECTRICIAN_PAGE_SIZE, roomListView, type RoomListState } from '../model/lists';
import { electricianKeys } from './keys';

/** GET /electrician/rooms?sort=&order=&page=&page_size= → the rooms of the assigned customers. */
export function listElectricianRooms(
  state: RoomListState,
  signal?: AbortSignal,
): Promise<ElectricianRoomList> {
  return apiRequest<ElectricianRoomList>(
    `/electrician/rooms?${roomListView.apiSearch(state, ELECTRICIAN_PAGE_SIZE)}`,
    {
      signal,
    },
  );
}

export function useElectricianRooms(state: RoomListState) {
  return useQuery({
    queryKey: [...electricianKeys.rooms(), state],
    queryFn: ({ signal }) => listElectricianRooms(state, signal),
    ...DASHBOARD_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
