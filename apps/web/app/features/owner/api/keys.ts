import type { DeviceListState } from '../model/device-filters';
import type { RoomListState } from '../model/room-list';

/** Query keys of the owner screens; each mutation invalidates the prefixes it affects. */
export const ownerKeys = {
  all: ['owner'] as const,
  dashboard: () => ['owner', 'dashboard'] as const,
  devices: () => ['owner', 'devices'] as const,
  deviceList: (state: DeviceListState, pageSize: number) =>
    ['owner', 'devices', { ...state, pageSize }] as const,
  rooms: () => ['owner', 'rooms'] as const,
  roomList: (state: RoomListState, pageSize: number) => ['owner', 'rooms', { ...state, pageSize }] as const,
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
