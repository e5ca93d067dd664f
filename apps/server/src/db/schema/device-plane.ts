import { DEVICE_COMMAND_STATUSES } from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { devices } from './devices.ts';
import { users } from './users.ts';

/**
 * A device's MQTT credentials (issue 13, ADR 036): the secret issued at registration (shown once), stored as
 * its SHA-256 (a random 256-bit secret needs no slow hash). The username is the device id.
 */
export const deviceCredentials = pgTable('device_credentials', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  secretHash: text('secret_hash').notNull(),
  createdAt: createdAt(),
});

/** Every command sent to a device and how it ended: sent → acked | failed | expired. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: id(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    desired: jsonb('desired').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: DEVICE_COMMAND_STATUSES }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('device_commands_device_created_idx').on(t.deviceId, t.createdAt.desc()),
    // The commands still waiting for an acknowledgement: what a start (or the sweep) expires (ADR 053).
    index('device_commands_sent_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'sent'`),
  ],
);

/** Raw readings (SKYWALKER, ISAAC), kept for the retention window (TELEMETRY_RETENTION_DAYS). */
export const deviceReadings = pgTable(
  'device_readings',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    at: timestamptz('at').notNull(),
    pm25: real('pm25'),
    pm10: real('pm10'),
    temperature: real('temperature'),
    humidity: real('humidity'),
    battery: integer('battery'),
    filterLife: integer('filter_life'),
  },
  (t) => [
    index('device_readings_device_at_idx').on(t.deviceId, t.at.desc()),
    index('device_readings_at_idx').on(t.at),
  ],
);

/** Hourly rollups of the readings (average, minimum, maximum), kept 2 years. */
export const deviceReadingsHourly = pgTable(
  'device_readings_hourly',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    hour: timestamptz('hour').notNull(),
    samples: integer('samples').notNull(),
    pm25Avg: real('pm25_avg'),
    pm25Min: real('pm25_min'),
    pm25Max: real('pm25_max'),
    pm10Avg: real('pm10_avg'),
    temperatureAvg: real('temperature_avg'),
    humidityAvg: real('humidity_avg'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.hour] }), index('device_readings_hourly_hour_idx').on(t.hour)],
);

export type DeviceCommandRow = typeof deviceCommands.$inferSelect;

/**
 * What each device sent that was not stored (issue 27): messages refused at the edge (with the last reason),
 * dropped over its publish rate, shed by a full ingest buffer. Written only by the device plane's counters
 * (added up every few seconds); the admin device page reads it.
 */
export const deviceMessageStats = pgTable('device_message_stats', {
  deviceId: text('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  refused: bigint('refused', { mode: 'number' }).notNull().default(0),
  rateLimited: bigint('rate_limited', { mode: 'number' }).notNull().default(0),
  shed: bigint('shed', { mode: 'number' }).notNull().default(0),
  lastRefusal: text('last_refusal'),
  lastRefusedAt: timestamptz('last_refused_at'),
});

/**
 * Readings the database refused although they passed the edge checks (issue 27): ingest splits a failed
 * batch until the row at fault is alone and keeps it here (with the error) instead of losing its batch.
 * Pruned with the raw readings' retention.
 */
export const deviceReadingsQuarantine = pgTable(
  'device_readings_quarantine',
  {
    id: id(),
    deviceId: text('device_id').notNull(),
    reading: jsonb('reading').$type<Record<string, unknown>>().notNull(),
    error: text('error').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('device_readings_quarantine_created_idx').on(t.createdAt)],
);
