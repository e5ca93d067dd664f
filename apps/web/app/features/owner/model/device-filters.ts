import { DEVICE_TYPES, OWNER_DEVICE_SORTS } from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** The room filter value for devices that are in no room (the API's `room_id=none`). */
export const NO_ROOM = 'none';

/**
 * /owner/devices: `?room_id=&type=&sort=&order=&page=` (the list kit's URL model, ADR 065): a room id or
 * NO_ROOM, a device type, the sort (newest first by default).
 */
export const deviceListView = listView({
  sorts: OWNER_DEVICE_SORTS,
  sort: 'created_at',
  order: 'desc',
  filters: { room_id: { values: null }, type: { values: DEVICE_TYPES } },
});
export type DeviceListState = ListState<(typeof OWNER_DEVICE_SORTS)[number], 'room_id' | 'type'>;
