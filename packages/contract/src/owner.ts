import { z } from 'zod';
import { AQI_SCALES } from './air-quality-rules.ts';
import { FAN_SPEEDS } from './device-state.ts';
import { displayName, listResponseSchema, pageQuerySchema, requiredText, sortQueryShape } from './common.ts';
import {
  DEFAULT_DEVICE_TYPE,
  DEFAULT_OWNER_ROOM_TYPE,
  DEVICE_TYPES,
  OWNER_ROOM_TYPES,
  ROLLOUT_DEVICE_STATES,
  ROOM_TYPES,
} from './constants.ts';
import { OWNER_DEVICE_SORTS, ROOM_SORTS } from './owner-rules.ts';

/** One gang (a single switch) of a Lumos touch switch. */
export const gangSchema = z.object({ index: z.number().int(), on: z.boolean(), name: z.string() });

/** A device as the API presents it (spec section 3 "Device"). */
export const deviceSchema = z.object({
  _id: z.string(),
  name: z.string(),
  model: z.string(),
  serial_number: z.string(),
  type: z.enum(DEVICE_TYPES),
  is_connected: z.boolean(),
  /** Power state: true = on. `status` mirrors it for views that read status.* */
  power_on: z.boolean(),
  status: z.object({ is_connected: z.boolean(), power_on: z.boolean() }),
  battery_level: z.number().int().nullable(),
  firmware_version: z.string().nullable(),
  gangs: z.array(gangSchema),
  room_id: z.string().nullable(),
  room_name: z.string().nullable(),
  user_id: z.string().nullable(),
  wifi_configured: z.boolean(),
  bluetooth_paired: z.boolean(),
  last_updated: z.string().nullable(),
  created_at: z.string(),
  /** When the device last spoke to the broker (issue 13). */
  last_seen_at: z.string().nullable(),
  /** ISAAC: fan speed and filter life left (percent); null for other types or before the first report. */
  fan_speed: z.enum(FAN_SPEEDS).nullable(),
  filter_life: z.number().int().nullable(),
  /** ISAAC: days of filter life left at the use since the filter was fitted (null: not enough history yet). */
  filter_days_left: z.number().int().nullable(),
  /** The device's latest firmware update (issue 14): in progress (with percent) or how it ended. */
  update: z
    .object({
      state: z.enum(ROLLOUT_DEVICE_STATES).exclude(['CANCELLED']),
      percent: z.number().int().nullable(),
      reason: z.string().nullable(),
      version: z.string(),
      at: z.string(),
    })
    .nullable(),
  /** ISAAC auto mode: on above this PM2.5 (µg/m³) in its room, off below it minus the hysteresis; null = off. */
  auto_threshold: z.number().int().nullable(),
  /** ISAAC and SKYWALKER: the latest PM2.5 reading with its CPCB AQI band; null before the first reading. */
  air_quality: z
    .object({
      pm25: z.number(),
      aqi: z.number().int(),
      band: z.string(),
      label: z.string(),
      /** The deployment's AQI scale (AQI_SCALE): India's CPCB by default, or US EPA 2024. */
      scale: z.enum(AQI_SCALES),
      at: z.string(),
    })
    .nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

export const roomSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(ROOM_TYPES),
  devices: z.array(deviceSchema),
  created_at: z.string(),
});
export type Room = z.infer<typeof roomSchema>;

export const ownerDashboardSchema = z.object({
  statistics: z.object({
    devices: z.object({
      total: z.number().int(),
      lumos_devices: z.number().int(),
      isaac: z.number().int(),
      skywalker: z.number().int(),
    }),
    rooms: z.number().int(),
  }),
  /** Each room with an air sensor: its latest PM2.5 and CPCB AQI band (issue 13). */
  air_quality: z.array(
    z.object({
      room_id: z.string(),
      room_name: z.string(),
      pm25: z.number(),
      aqi: z.number().int(),
      band: z.string(),
      label: z.string(),
      scale: z.enum(AQI_SCALES),
      at: z.string(),
    }),
  ),
});
export type OwnerDashboard = z.infer<typeof ownerDashboardSchema>;

/** GET /api/devices: optional filters by room ('none' = not in a room) and type; newest first unless sorted. */
export const deviceListQuerySchema = pageQuerySchema.extend({
  room_id: z.string().min(1).optional(),
  type: z.enum(DEVICE_TYPES).optional(),
  ...sortQueryShape(OWNER_DEVICE_SORTS, 'created_at', 'desc'),
});
export type DeviceListQuery = z.output<typeof deviceListQuerySchema>;
export const deviceListSchema = listResponseSchema('devices', deviceSchema);
/** GET /api/rooms: the rooms a page at a time, newest first by default, or by name. */
export const roomListQuerySchema = pageQuerySchema.extend(sortQueryShape(ROOM_SORTS, 'created_at', 'desc'));
export type RoomListQuery = z.output<typeof roomListQuerySchema>;
export const roomListSchema = listResponseSchema('rooms', roomSchema);
export type DeviceList = z.infer<typeof deviceListSchema>;
export type RoomList = z.infer<typeof roomListSchema>;
export const deviceResponseSchema = z.object({ device: deviceSchema });
/**
 * Add Device's answer: the device and its MQTT credentials (issue 13): the secret appears here once and is
 * stored only as a hash; null when the server commands devices directly (no broker).
 */
export const deviceCreatedResponseSchema = deviceResponseSchema.extend({
  credentials: z.object({ device_id: z.string(), secret: z.string(), mqtt_url: z.string() }).nullable(),
});
export type DeviceCreatedResponse = z.infer<typeof deviceCreatedResponseSchema>;
export const roomResponseSchema = z.object({ room: roomSchema });

/** Add Device (spec section 5): name, model, serial_number required; type defaults to isaac. */
export const createDeviceSchema = z.object({
  name: displayName('Name is required', 100),
  model: requiredText('Model is required', 100),
  serial_number: requiredText('Serial number is required', 64),
  type: z.enum(DEVICE_TYPES).default(DEFAULT_DEVICE_TYPE),
});
export type CreateDeviceInput = z.input<typeof createDeviceSchema>;
/** A validated Add Device body (defaults applied), as the server receives it. */
export type NewDevice = z.output<typeof createDeviceSchema>;

/** Create Room (owner): name required; type defaults to bedroom. Also used to rename/retype. */
export const roomInputSchema = z.object({
  name: displayName('Room name is required', 80),
  type: z.enum(OWNER_ROOM_TYPES).default(DEFAULT_OWNER_ROOM_TYPE),
});
export type RoomInput = z.input<typeof roomInputSchema>;
/** A validated room body (defaults applied), as the server receives it. */
export type RoomValues = z.output<typeof roomInputSchema>;

export const assignRoomSchema = z.object({ room_id: z.string().min(1, 'Please select a room') });
export const gangParamsSchema = z.object({ id: z.string().min(1), gangIndex: z.coerce.number().int() });

/** PUT /api/devices/{id}/gangs/{gangIndex} {name}: what a gang is called (voice assistants use it). */
export const GANG_NAME_MAX = 40;
export const gangNameSchema = z.object({ name: displayName('Switch name is required', GANG_NAME_MAX) });
export type GangNameBody = z.infer<typeof gangNameSchema>;

export const updateCheckSchema = z.object({
  update_available: z.boolean(),
  current_version: z.string().nullable(),
  latest_version: z.string().nullable(),
});
export type UpdateCheck = z.infer<typeof updateCheckSchema>;

export const MAX_GANGS = 4;
/** Lumos gang count from the model name ("Lumos 3-Gang" → 3); 1 when the model names none; 0 for other types. */
export function gangCountForModel(type: string, model: string): number {
  if (type !== 'lumos') return 0;
  const match = /([1-4])\s*-?\s*gang/i.exec(model);
  return match ? Number(match[1]) : 1;
}

/** Semantic-version comparison ("v1.2.10" > "1.2.9"); non-numeric parts compare as 0. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/^v/i, '')
      .split(/[.+-]/)
      .slice(0, 3)
      .map((p) => Number.parseInt(p, 10) || 0);
  const pa = parts(a);
  const pb = parts(b);
  for (let i = 0; i < 3; i += 1) {
    const diff = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}
