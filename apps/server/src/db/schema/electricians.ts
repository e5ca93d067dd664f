import {
  CUSTOMER_STATUSES,
  GUIDED_STEPS,
  INSTALLATION_DEVICE_STATUSES,
  INSTALLATION_PHASES,
  INSTALLATION_STATUSES,
} from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns.ts';
import { devices } from './devices.ts';
import { holderHome, homes } from './homes.ts';
import { users } from './users.ts';

/** A customer (owner) assigned to an electrician, with the planned installation date (one electrician per customer). */
export const electricianCustomers = pgTable(
  'electrician_customers',
  {
    id: id(),
    electricianId: text('electrician_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The customer's home the electrician works in (issue 32, ADR 069). */
    homeId: text('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' })
      .$defaultFn(holderHome),
    installationDate: date('installation_date', { mode: 'string' }),
    /** assigned | in_progress | completed */
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('assigned'),
    createdAt: createdAt(),
  },
  // The unique index leads with electrician_id, so it also serves "customers of an electrician".
  // A customer has at most one electrician (ADR 025): re-assigning moves the row.
  (t) => [
    unique('electrician_customers_pair_uq').on(t.electricianId, t.customerId),
    uniqueIndex('electrician_customers_customer_uq').on(t.customerId),
    index('electrician_customers_electrician_home_idx').on(t.electricianId, t.homeId),
  ],
);

/** A device assigned to an electrician for configuration (one electrician per device). */
export const electricianDevices = pgTable(
  'electrician_devices',
  {
    id: id(),
    electricianId: text('electrician_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // A device is with at most one electrician (ADR 025): re-assigning moves the row.
  (t) => [
    unique('electrician_devices_pair_uq').on(t.electricianId, t.deviceId),
    uniqueIndex('electrician_devices_device_uq').on(t.deviceId),
  ],
);

/** An installation visit: status pending | in_progress | completed; phase pre_installation … completed. */
export const installations = pgTable(
  'installations',
  {
    id: id(),
    electricianId: text('electrician_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The home the installation is in (issue 32, ADR 069). */
    homeId: text('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'cascade' })
      .$defaultFn(holderHome),
    sessionId: text('session_id'),
    apartmentComplex: text('apartment_complex'),
    apartmentUnit: text('apartment_unit'),
    status: text('status', { enum: INSTALLATION_STATUSES }).notNull().default('pending'),
    phase: text('phase', { enum: INSTALLATION_PHASES }).notNull().default('pre_installation'),
    installationDate: date('installation_date', { mode: 'string' }),
    startedAt: timestamptz('started_at'),
    completedAt: timestamptz('completed_at'),
    notes: text('notes'),
    handoverNotes: text('handover_notes'),
    customerTrainingCompleted: boolean('customer_training_completed').notNull().default(false),
    /** The guided install (ADR 034): its current step (resumable after a reload); null = not guided. */
    guidedStep: text('guided_step', { enum: GUIDED_STEPS }),
    /** The customer's sign-off: a PNG data URL drawn on the screen, who signed, when. */
    signatureImage: text('signature_image'),
    signedBy: text('signed_by'),
    signedAt: timestamptz('signed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('installations_electrician_created_idx').on(t.electricianId, t.createdAt.desc()),
    index('installations_customer_idx').on(t.customerId),
    index('installations_home_idx').on(t.homeId),
    // reports: installations started / completed in a date range (only rows that have the time)
    index('installations_started_idx')
      .on(t.startedAt)
      .where(sql`${t.startedAt} is not null`),
    index('installations_completed_idx')
      .on(t.completedAt)
      .where(sql`${t.completedAt} is not null`),
  ],
);

/** The devices of an installation and whether each is configured yet. */
export const installationDevices = pgTable(
  'installation_devices',
  {
    installationId: text('installation_id')
      .notNull()
      .references(() => installations.id, { onDelete: 'cascade' }),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** configured | pending */
    status: text('status', { enum: INSTALLATION_DEVICE_STATUSES }).notNull().default('pending'),
    /** When the device answered a test command sent from this installation (issue 34: completion needs it). */
    testedAt: timestamptz('tested_at'),
  },
  (t) => [
    primaryKey({ columns: [t.installationId, t.deviceId] }),
    index('installation_devices_device_idx').on(t.deviceId),
  ],
);

export type ElectricianCustomerRow = typeof electricianCustomers.$inferSelect;
export type ElectricianDeviceRow = typeof electricianDevices.$inferSelect;
export type InstallationRow = typeof installations.$inferSelect;
export type InstallationDeviceRow = typeof installationDevices.$inferSelect;
