import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import type { RoomListData } from '../model/device-cache';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ROOM_PICKER_PAGE_SIZE, ownerKeys } from './keys';

/** GET /api/rooms?page=&page_size= → {rooms (each with its devices), page, page_size, total}. */
export function listRooms(page: number, pageSize: number, signal?: AbortSignal): Promise<RoomListData> {
  const search = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  return apiRequest<RoomListData>(`/api/rooms?${search.toString()}`, { signal });
}

export const roomListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ownerKeys.roomList(page, pageSize),
    queryFn: ({ signal }) => listRooms(page, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

export function useRoomList(page: number, pageSize: number) {
  return useQuery({ ...roomListQuery(page, pageSize), placeholderData: keepPreviousData });
}

/** The owner's rooms for pickers (devices filter, assign to room). */
export function useRoomOptions() {
  return useQuery({
    ...roomListQuery(1, ROOM_PICKER_PAGE_SIZE),
    select: (data) => data.rooms.map((room) => ({ value: room._id, label: room.name })),
  });
}
