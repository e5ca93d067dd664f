import { DEVICE_TYPES } from '@isaac/contract';
import { index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** An uploaded firmware image; the newest semver per device type is what update checks offer. */
export const firmware = pgTable(
  'firmware',
  {
    id: id(),
    deviceType: text('device_type', { enum: DEVICE_TYPES }).notNull(),
    /** Semantic version text; uploads store the canonical "1.2.3" (contract canonicalFirmwareVersion). */
    version: text('version').notNull(),
    filename: text('filename').notNull(),
    fileSize: integer('file_size').notNull(),
    /** Hex SHA-256 of the bytes, computed while the upload streamed. */
    sha256: text('sha256').notNull(),
    /** Where the bytes are kept: a key of the firmware store (content-addressed, `sha256/ab/<hex>`; ADR 021). */
    storageKey: text('storage_key').notNull(),
    releaseNotes: text('release_notes'),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The unique index leads with device_type, so it also serves "firmware of a type".
  (t) => [
    unique('firmware_type_version_uq').on(t.deviceType, t.version),
    // The admin list (newest first), and "is this blob still referenced" when one is deleted.
    index('firmware_created_idx').on(t.createdAt.desc()),
    index('firmware_storage_key_idx').on(t.storageKey),
  ],
);

export type FirmwareRow = typeof firmware.$inferSelect;
