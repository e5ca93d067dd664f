import {
  ADMIN_DEVICE_ASSIGNMENTS,
  ADMIN_DEVICE_CONNECTIVITY,
  ADMIN_DEVICE_SORTS,
  DEVICE_TYPES,
} from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/**
 * /admin/devices: `?search=&type=&status=&assignment=&firmware_version=&sort=&order=&page=` (the list kit's URL
 * model, ADR 065); newest first by default.
 */
export const adminDeviceListView = listView({
  sorts: ADMIN_DEVICE_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: {
    type: { values: DEVICE_TYPES },
    status: { values: ADMIN_DEVICE_CONNECTIVITY },
    assignment: { values: ADMIN_DEVICE_ASSIGNMENTS },
    firmware_version: { values: null },
  },
});
export type AdminDeviceListState = ListState<
  (typeof ADMIN_DEVICE_SORTS)[number],
  'type' | 'status' | 'assignment' | 'firmware_version'
>;
