import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import type { RoomListData } from '../model/device-cache';
import { roomListView, type RoomListState } from '../model/room-list';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ROOM_PICKER_PAGE_SIZE, ownerKeys } from './keys';

/** GET /api/rooms?sort=&order=&page=&page_size= → {rooms (each with its devices), page, page_size, total}. */
export function listRooms(
  state: RoomListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<RoomListData> {
  return apiRequest<RoomListData>(`/api/rooms?${roomListView.apiSearch(state, pageSize)}`, { signal });
}

/** A page of rooms; the dashboard and the pickers take the first page, newest first. */
export const roomListQuery = (pageSize: number, state: RoomListState = roomListView.none) =>
  queryOptions({
    queryKey: ownerKeys.roomList(state, pageSize),
    queryFn: ({ signal }) => listRooms(state, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

export function useRoomList(pageSize: number, state?: RoomListState) {
  return useQuery({ ...roomListQuery(pageSize, state), placeholderData: keepPreviousData });
}

/** The owner's rooms for pickers (devices filter, assign to room). */
export function useRoomOptions() {
  return useQuery({
    ...roomListQuery(ROOM_PICKER_PAGE_SIZE),
    select: (data) => data.rooms.map((room) => ({ value: room._id, label: room.name })),
  });
}
