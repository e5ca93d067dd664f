import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Who runs each background job (issue 28, ADR 060): one row per job, held by one API process (`holder`,
 * a random id per process) until `expires_at`. The holder renews it; another process takes it over only
 * once it has expired. Works the same on PostgreSQL and PGlite (no advisory lock, no dedicated connection).
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    name: text('name').primaryKey(),
    holder: text('holder').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When this holder took the lease (a takeover sets it anew; a renewal keeps it). */
    acquiredAt: timestamptz('acquired_at').notNull(),
  },
  (t) => [index('job_leases_holder_idx').on(t.holder)],
);

export type JobLeaseRow = typeof jobLeases.$inferSelect;
