import { DEVICE_TYPE_NAMES, type DeviceType, ROOM_TYPE_LABELS, type RoomType } from '@isaac/contract';

/** The contract's one display name per product (issue 30). */
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = DEVICE_TYPE_NAMES;

export function roomTypeLabel(type: RoomType): string {
  return ROOM_TYPE_LABELS[type];
}

/** '3 devices', '1 device', 'No devices'. */
export function deviceCountLabel(count: number): string {
  if (count === 0) return 'No devices';
  return `${count} ${count === 1 ? 'device' : 'devices'}`;
}
