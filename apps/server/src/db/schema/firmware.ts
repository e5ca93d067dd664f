import { integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** An uploaded firmware image; the newest semver per device type is what update checks offer. */
export const firmware = pgTable(
  'firmware',
  {
    id: id(),
    deviceType: text('device_type').notNull(),
    /** Semantic version text, e.g. "1.2.3" or "v1.1.0". */
    version: text('version').notNull(),
    filename: text('filename').notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the bytes are kept (storage-relative key). */
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  // The unique index leads with device_type, so it also serves "firmware of a type".
  (t) => [unique('firmware_type_version_uq').on(t.deviceType, t.version)],
);

export type FirmwareRow = typeof firmware.$inferSelect;
