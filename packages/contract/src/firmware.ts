import { z } from 'zod';
import { pageMetaSchema, pageQuerySchema } from './common.ts';
import { FIRMWARE_MSG } from './messages.ts';
import { DEFAULT_DEVICE_TYPE, DEVICE_TYPES, FIRMWARE_EXTENSIONS, FIRMWARE_MAX_BYTES } from './constants.ts';

/**
 * Firmware images (spec sections 5, 7 "Admin" and 9; ADR 021): what the admin uploads, lists and
 * deletes, and the rules the browser and the server both apply before any byte is stored.
 */

export type FirmwareExtension = (typeof FIRMWARE_EXTENSIONS)[number];

/** The multipart field names of POST /api/admin/firmware/upload. */
export const FIRMWARE_FIELDS = {
  file: 'firmware',
  version: 'version',
  deviceType: 'device_type',
  releaseNotes: 'release_notes',
} as const;

export const MAX_RELEASE_NOTES_LENGTH = 2000;
export const MAX_FIRMWARE_FILENAME_LENGTH = 200;

/** The lower-cased extension of a firmware file name when it is one the spec allows, else undefined. */
export function firmwareExtension(filename: string): FirmwareExtension | undefined {
  const dot = filename.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = filename.slice(dot).toLowerCase();
  return (FIRMWARE_EXTENSIONS as readonly string[]).includes(ext) ? (ext as FirmwareExtension) : undefined;
}

/** Whether `size` bytes fit the spec's limit (16 MB: 16 × 1024 × 1024 bytes). */
export const firmwareSizeAllowed = (size: number) => size <= FIRMWARE_MAX_BYTES;

/**
 * A firmware version: semantic MAJOR.MINOR.PATCH, optionally with a leading "v" (the spec's default
 * is "v1.1.0"). No pre-release or build suffix: the owner's update check offers the newest release,
 * and "1.3.0-rc.1" vs "1.3.0" would be ambiguous there. Each number at most 9 digits, no leading zeros.
 */
export const FIRMWARE_VERSION_PATTERN = /^v?(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/i;

/** The stored (canonical) form of a version: "v1.1.0" and "1.1.0" are the same release, "1.1.0". */
export function canonicalFirmwareVersion(version: string): string | undefined {
  const match = FIRMWARE_VERSION_PATTERN.exec(version.trim());
  return match ? `${match[1]}.${match[2]}.${match[3]}` : undefined;
}

/** The upload's text fields, as the server validates them (the file is checked while it streams). */
export const firmwareUploadFieldsSchema = z.object({
  version: z
    .string()
    .trim()
    .min(1, FIRMWARE_MSG.versionRequired)
    .refine((v) => canonicalFirmwareVersion(v) !== undefined, { message: FIRMWARE_MSG.versionFormat })
    .transform((v) => canonicalFirmwareVersion(v) ?? v),
  /** Optional: the spec's upload sends none, and the default device type is isaac. */
  device_type: z
    .enum(DEVICE_TYPES, { message: `Device type must be one of ${DEVICE_TYPES.join(', ')}` })
    .default(DEFAULT_DEVICE_TYPE),
  release_notes: z
    .string()
    .trim()
    .max(MAX_RELEASE_NOTES_LENGTH, FIRMWARE_MSG.releaseNotesTooLong(MAX_RELEASE_NOTES_LENGTH))
    .optional()
    .transform((v) => (v ? v : null)),
});
export type FirmwareUploadFields = z.infer<typeof firmwareUploadFieldsSchema>;

/** A stored firmware image as the admin API presents it. */
export const firmwareSchema = z.object({
  _id: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  version: z.string(),
  filename: z.string(),
  /** Bytes. */
  file_size: z.number().int(),
  /** Hex SHA-256 of the file's bytes, computed by the server while the upload streamed. */
  sha256: z.string(),
  release_notes: z.string().nullable(),
  uploaded_by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Firmware = z.infer<typeof firmwareSchema>;

/** The upload's response: the spec's filename, version, file_size, plus the stored entry (sha256 etc.). */
export const firmwareUploadResponseSchema = firmwareSchema;
export type FirmwareUploadResponse = z.infer<typeof firmwareUploadResponseSchema>;

export const firmwareListQuerySchema = pageQuerySchema.extend({
  device_type: z.enum(DEVICE_TYPES).optional(),
});
export type FirmwareListQuery = z.infer<typeof firmwareListQuerySchema>;
export const firmwareListSchema = pageMetaSchema.extend({ firmware: z.array(firmwareSchema) });
export type FirmwareList = z.infer<typeof firmwareListSchema>;
