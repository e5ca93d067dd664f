import type { AdminDeviceListState } from '../model/admin-device-filters';
import type { CustomerQuery, ElectricianListState } from '../model/electrician-lists';

/** Query keys of the admin Devices and Electricians screens; each mutation invalidates what it affects. */
export const assignmentKeys = {
  devices: () => ['admin', 'devices'] as const,
  deviceList: (state: AdminDeviceListState, pageSize: number) =>
    ['admin', 'devices', 'list', { ...state, pageSize }] as const,
  deviceStats: () => ['admin', 'devices', 'stats'] as const,
  deviceMessages: (deviceId: string) => ['admin', 'devices', 'messages', deviceId] as const,
  electricians: () => ['admin', 'electricians'] as const,
  electricianList: (state: ElectricianListState, pageSize: number) =>
    ['admin', 'electricians', { ...state, pageSize }] as const,
  customers: () => ['admin', 'customers'] as const,
  customerList: (query: CustomerQuery) => ['admin', 'customers', query] as const,
};

/** Every assignment change refetches devices (owner/electrician columns, stats), electricians' counts, customers. */
export const ASSIGNMENT_INVALIDATES = [
  assignmentKeys.devices(),
  assignmentKeys.electricians(),
  assignmentKeys.customers(),
] as const;

/** Rows per page of the Devices table. */
export const ADMIN_DEVICES_PAGE_SIZE = 20;
/** Electricians per page; the assign dialogs pick from one page of the largest size. */
export const ELECTRICIANS_PAGE_SIZE = 20;
export const PICKER_PAGE_SIZE = 100;
