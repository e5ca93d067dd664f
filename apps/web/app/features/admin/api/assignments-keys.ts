import type { AdminDeviceFilters } from '../model/admin-device-filters';

/** Query keys of the admin Devices and Electricians screens; each mutation invalidates what it affects. */
export const assignmentKeys = {
  devices: () => ['admin', 'devices'] as const,
  deviceList: (filters: AdminDeviceFilters, pageSize: number) =>
    ['admin', 'devices', 'list', { ...filters, pageSize }] as const,
  deviceStats: () => ['admin', 'devices', 'stats'] as const,
  deviceMessages: (deviceId: string) => ['admin', 'devices', 'messages', deviceId] as const,
  electricians: () => ['admin', 'electricians'] as const,
  electricianList: (search: string, page: number) => ['admin', 'electricians', { search, page }] as const,
  customers: () => ['admin', 'customers'] as const,
  customerList: (search: string, electricianId: string | null) =>
    ['admin', 'customers', { search, electricianId }] as const,
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
