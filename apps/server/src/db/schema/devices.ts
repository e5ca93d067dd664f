import { DEVICE_TYPES, FAN_SPEEDS, ROOM_TYPES } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { holderHome, homes } from './homes.ts';
import { users } from './users.ts';

/** An owner's room (types: contract ROOM_TYPES); one name per home, whatever its letter case. */
export const rooms = pgTable(
  'rooms',
  {
    id: id(),
    /** The home the room is in (issue 32, ADR 069). */
    homeId: text('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' })
      .$defaultFn(holderHome),
    /** Who added it. */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ROOM_TYPES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('rooms_home_created_idx').on(t.homeId, t.createdAt.desc()),
    uniqueIndex('rooms_home_name_ci_idx').on(t.homeId, sql`lower(${t.name})`),
  ],
);

/** WiFi settings as stored; the password never leaves the server in a response. */
export interface WifiConfig {
  ssid: string;
  /** Legacy rows only: never written any more (ADR 033). */
  password?: string;
  /** The WiFi password sealed with AES-256-GCM (`SecretBox`, the device id as associated data). */
  password_sealed?: string;
  configured_at?: string;
}

/** What the last command asked the device to be (the transport reconciles towards it). */
export interface DesiredState {
  power_on?: boolean;
  fan_speed?: string | null;
  gang_states?: boolean[];
}

/** A device: ISAAC purifier, SKYWALKER sensor or Lumos switch (1–4 gangs). */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    name: text('name').notNull(),
    model: text('model').notNull(),
    serialNumber: text('serial_number').notNull().unique(),
    /** isaac | lumos | skywalker (contract DEVICE_TYPES). */
    type: text('type', { enum: DEVICE_TYPES }).notNull(),
    /** The person who added it to a home (the owner before homes); null = available (not assigned to anyone). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The home it is in (issue 32, ADR 069); null = stock, in no home. */
    homeId: text('home_id').references(() => homes.id, { onDelete: 'set null' }),
    roomId: text('room_id').references(() => rooms.id, { onDelete: 'set null' }),
    /** From the broker (issue 13): connected now; when it last spoke, connected, disconnected. */
    isConnected: boolean('is_connected').notNull().default(false),
    lastSeenAt: timestamptz('last_seen_at'),
    connectedAt: timestamptz('connected_at'),
    disconnectedAt: timestamptz('disconnected_at'),
    /** ISAAC: filter life left (percent) and mode, as last reported. */
    filterLife: integer('filter_life'),
    /** ISAAC: when the filter in it was fitted (its first report, or a jump in life) and its life then. */
    filterFittedAt: timestamptz('filter_fitted_at'),
    filterFittedLife: integer('filter_fitted_life'),
    mode: text('mode'),
    /**
     * ISAAC auto mode's threshold (PM2.5, µg/m³; null = off), as the device's own read shows it. Auto mode
     * is an automation (issue 33, `automations.auto_mode_device_id`); the automations module keeps this copy
     * in step through `devices/store.ts` whenever that automation changes.
     */
    autoThreshold: integer('auto_threshold'),
    /** Power state ("status" in some views): true = on. */
    powerOn: boolean('power_on').notNull().default(false),
    batteryLevel: integer('battery_level'),
    firmwareVersion: text('firmware_version'),
    /** Lumos gang count 1–4; 0 for other types. */
    gangCount: integer('gang_count').notNull().default(0),
    gangStates: jsonb('gang_states').$type<boolean[]>().notNull().default([]),
    /** What the owner calls each gang ("Ceiling light", "Fan"): what voice assistants call it. */
    gangNames: jsonb('gang_names').$type<string[]>().notNull().default([]),
    /** ISAAC: the fan speed (contract FAN_SPEEDS); null for other types. */
    fanSpeed: text('fan_speed', { enum: FAN_SPEEDS }),
    /** The latest PM2.5 reading (µg/m³) an ISAAC or SKYWALKER reported, and when; null until the first. */
    pm25: real('pm25'),
    airQualityAt: timestamptz('air_quality_at'),
    wifiConfigured: boolean('wifi_configured').notNull().default(false),
    bluetoothPaired: boolean('bluetooth_paired').notNull().default(false),
    wifiConfig: jsonb('wifi_config').$type<WifiConfig>(),
    desiredState: jsonb('desired_state').$type<DesiredState>(),
    lastUpdated: timestamptz('last_updated'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A home's devices newest first, ties by id (the device list's order, `newestFirst`): the list reads its
    // page straight off the index, no sort (ADR 046).
    index('devices_user_created_id_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('devices_home_created_id_idx').on(t.homeId, t.createdAt.desc(), t.id.desc()),
    index('devices_room_idx').on(t.roomId),
    index('devices_created_idx').on(t.createdAt.desc()),
    // "Does any device run this firmware?" (a firmware delete, ADR 021) and the admin firmware filter.
    index('devices_type_firmware_idx').on(t.type, t.firmwareVersion),
    // The admin device search (name or serial, case-insensitive substring): trigram GIN indexes (pg_trgm, ADR 025).
    index('devices_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('devices_serial_trgm_idx').using('gin', t.serialNumber.op('gin_trgm_ops')),
  ],
);

/** Command log of a device: who did what, through which channel. */
export const deviceActivity = pgTable(
  'device_activity',
  {
    id: id(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** 'web' | 'api' | 'mqtt' | ... */
    channel: text('channel').notNull().default('web'),
    createdAt: createdAt(),
  },
  (t) => [index('device_activity_device_created_idx').on(t.deviceId, t.createdAt.desc())],
);

export type RoomRow = typeof rooms.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;
export type DeviceActivityRow = typeof deviceActivity.$inferSelect;
