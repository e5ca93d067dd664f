import type { DeviceFilters } from '../model/device-filters';

/** Query keys of the owner screens; each mutation invalidates the prefixes it affects. */
export const ownerKeys = {
  all: ['owner'] as const,
  dashboard: () => ['owner', 'dashboard'] as const,
  devices: () => ['owner', 'devices'] as const,
  deviceList: (filters: DeviceFilters, pageSize: number) =>
    ['owner', 'devices', { ...filters, pageSize }] as const,
  rooms: () => ['owner', 'rooms'] as const,
  roomList: (page: number, pageSize: number) => ['owner', 'rooms', { page, pageSize }] as const,
  electricians: () => ['owner', 'electricians'] as const,
  linkedServices: () => ['owner', 'linked-services'] as const,
  installations: () => ['owner', 'installations'] as const,
  orders: () => ['owner', 'orders'] as const,
  invoice: (orderId: string) => ['owner', 'orders', 'invoice', orderId] as const,
};

/** Devices per page on the devices screen (a grid of 3 or 4 columns). */
export const DEVICES_PAGE_SIZE = 12;
/** Rooms per page on the rooms screen. */
export const ROOMS_PAGE_SIZE = 12;
/** The owner's rooms for the room pickers (filter, assign): one page of the largest size. */
export const ROOM_PICKER_PAGE_SIZE = 100;
