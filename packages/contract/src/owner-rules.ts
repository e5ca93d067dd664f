/**
 * The owner area's constants apart from its schemas (owner.ts): zod-free, as the signed-in first load reads
 * them (ADR 083).
 */

/**
 * Every column a device list sorts by (issue 31): the owner's, the admin's and the electrician's lists are
 * one list on the server, each allowing the columns its screen shows (`owner` and `customer` are both the
 * device's owner, named as each screen names them).
 */
export const DEVICE_SORTS = [
  'name',
  'type',
  'room_name',
  'is_connected',
  'wifi_configured',
  'bluetooth_paired',
  'battery_level',
  'firmware_version',
  'owner',
  'customer',
  'electrician',
  'created_at',
] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];

/** The owner's device list's sort columns (GET /api/devices). */
export const OWNER_DEVICE_SORTS = [
  'name',
  'type',
  'room_name',
  'is_connected',
  'created_at',
] as const satisfies readonly DeviceSort[];

/** The rooms list's sort columns (GET /api/rooms: newest first by default, or by name). */
export const ROOM_SORTS = ['created_at', 'name'] as const;
