import { ROOM_SORTS } from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** /owner/rooms: `?sort=&order=&page=` (the list kit, ADR 065); newest first by default, or by name. */
export const roomListView = listView({ sorts: ROOM_SORTS, sort: 'created_at', order: 'desc' });
export type RoomListState = ListState<(typeof ROOM_SORTS)[number]>;
