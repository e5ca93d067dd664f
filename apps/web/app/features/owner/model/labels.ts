import { type DeviceType, ROOM_TYPE_LABELS, type RoomType } from '@isaac/contract';

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  isaac: 'Isaac',
  lumos: 'Lumos',
  skywalker: 'Skywalker',
};

export function roomTypeLabel(type: RoomType): string {
  return ROOM_TYPE_LABELS[type];
}

/** '3 devices', '1 device', 'No devices'. */
export function deviceCountLabel(count: number): string {
  if (count === 0) return 'No devices';
  return `${count} ${count === 1 ? 'device' : 'devices'}`;
}
