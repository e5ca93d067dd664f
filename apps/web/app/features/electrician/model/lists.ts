import {
  ELECTRICIAN_DEVICE_SORTS,
  ELECTRICIAN_ROOM_SORTS,
  ELECTRICIAN_USER_SORTS,
  INSTALLATION_SORTS,
} from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** The electrician's lists in the URL (the list kit, ADR 065), each in the server's natural order by default. */
export const deviceListView = listView({
  sorts: ELECTRICIAN_DEVICE_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
});
export type DeviceListState = ListState<(typeof ELECTRICIAN_DEVICE_SORTS)[number]>;

export const customerListView = listView({
  sorts: ELECTRICIAN_USER_SORTS,
  sort: 'installation_date',
  order: 'asc',
});
export type CustomerListState = ListState<(typeof ELECTRICIAN_USER_SORTS)[number]>;

export const roomListView = listView({ sorts: ELECTRICIAN_ROOM_SORTS, sort: 'customer', order: 'asc' });
export type RoomListState = ListState<(typeof ELECTRICIAN_ROOM_SORTS)[number]>;

export const installationListView = listView({
  sorts: INSTALLATION_SORTS,
  sort: 'created_at',
  order: 'desc',
});
export type InstallationListState = ListState<(typeof INSTALLATION_SORTS)[number]>;

/** Rows per page of the electrician's list screens. */
export const ELECTRICIAN_PAGE_SIZE = 20;
