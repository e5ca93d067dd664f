import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Row counts kept by the database itself (ADR 032): statement-level triggers on `devices` and `users`
 * add each statement's changed rows, grouped, to these small tables, so the admin dashboard, the device
 * stat cards and the unsearched list totals read a handful of rows instead of counting a million. The
 * triggers and the back-fill are hand-written at the end of migration 0009.
 */
export const deviceCounts = pgTable(
  'device_counts',
  {
    type: text('type').notNull(),
    isConnected: boolean('is_connected').notNull(),
    /** Has an owner (devices.user_id is not null). */
    assigned: boolean('assigned').notNull(),
    /** devices.firmware_version, '' when unknown (a primary key column cannot be null). */
    firmwareVersion: text('firmware_version').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.type, t.isConnected, t.assigned, t.firmwareVersion] })],
);

export const userCounts = pgTable(
  'user_counts',
  {
    role: integer('role').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.status] })],
);
