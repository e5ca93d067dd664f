import { z } from 'zod';
import { listResponseSchema, pageMetaSchema, pageQuerySchema, sortQueryShape } from './common.ts';
import { adminSearchSchema } from './admin-assignments.ts';
import { FIRMWARE_MSG } from './messages.ts';
import {
  DEFAULT_DEVICE_TYPE,
  DEVICE_TYPES,
  FIRMWARE_EXTENSIONS,
  FIRMWARE_MAX_BYTES,
  ROLLOUT_ACTIONS,
  ROLLOUT_DEVICE_STATES,
  ROLLOUT_STATUSES,
} from './constants.ts';

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

/** The columns of the firmware table (`created_at`: Uploaded). */
export const FIRMWARE_SORTS = ['created_at', 'device_type', 'version', 'filename', 'file_size'] as const;
/** GET /api/admin/firmware: one device type or all; search the version or the file name; sort. */
export const firmwareListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(FIRMWARE_SORTS, 'created_at', 'desc'),
  device_type: z.enum(DEVICE_TYPES).optional(),
  search: adminSearchSchema,
});
export type FirmwareListQuery = z.infer<typeof firmwareListQuerySchema>;
export const firmwareListSchema = pageMetaSchema.extend({ firmware: z.array(firmwareSchema) });
export type FirmwareList = z.infer<typeof firmwareListSchema>;

/** POST /api/admin/rollouts (issue 14): one image to a type's devices, or to chosen devices, in stages. */
export const newRolloutSchema = z
  .object({
    firmware_id: z.string().min(1),
    /** Chosen devices (of the image's type); none: every owned device of the type not on this version yet. */
    device_ids: z.array(z.string().min(1)).max(10_000).optional(),
    stages: z.array(z.number().int().min(1).max(100)).min(1).max(10).default([5, 25, 100]),
    stage_pause_seconds: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(60),
    max_concurrent: z.number().int().min(1).max(1000).default(50),
    failure_threshold_percent: z.number().int().min(0).max(100).default(20),
    window_hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
  })
  .refine((r) => r.stages.every((s, i) => i === 0 || s > r.stages[i - 1]!) && r.stages.at(-1) === 100, {
    message: 'Stages must rise and end at 100 (percent of the devices)',
    path: ['stages'],
  });
export type NewRollout = z.input<typeof newRolloutSchema>;

export const rolloutSchema = z.object({
  _id: z.string(),
  firmware: z.object({
    _id: z.string(),
    version: z.string(),
    device_type: z.enum(DEVICE_TYPES),
    filename: z.string(),
  }),
  status: z.enum(ROLLOUT_STATUSES),
  stages: z.array(z.number().int()),
  current_stage: z.number().int(),
  max_concurrent: z.number().int(),
  failure_threshold_percent: z.number().int(),
  reason: z.string().nullable(),
  counts: z.record(z.enum(ROLLOUT_DEVICE_STATES), z.number().int()),
  total: z.number().int(),
  created_at: z.string(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

export const rolloutDeviceSchema = z.object({
  device_id: z.string(),
  name: z.string(),
  stage: z.number().int(),
  state: z.enum(ROLLOUT_DEVICE_STATES),
  percent: z.number().int().nullable(),
  reason: z.string().nullable(),
  from_version: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  state_at: z.string(),
});
export type RolloutDevice = z.infer<typeof rolloutDeviceSchema>;
export const rolloutDetailSchema = z.object({
  rollout: rolloutSchema,
  devices: z.array(rolloutDeviceSchema),
});
export type RolloutDetail = z.infer<typeof rolloutDetailSchema>;
/** GET /api/admin/rollouts: a page of rollouts, newest first by default (`version`: the image's). */
export const ROLLOUT_SORTS = ['created_at', 'status', 'version'] as const;
export const rolloutListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(ROLLOUT_SORTS, 'created_at', 'desc'),
);
export type RolloutListQuery = z.output<typeof rolloutListQuerySchema>;
export const rolloutListSchema = listResponseSchema('rollouts', rolloutSchema);
export type RolloutList = z.infer<typeof rolloutListSchema>;
export const rolloutActionSchema = z.object({ action: z.enum(ROLLOUT_ACTIONS) });

/** How many first bytes of a firmware file tell whether its content matches its extension. */
export const FIRMWARE_HEAD_BYTES = 11;

const FIRMWARE_EXPECTED: Record<FirmwareExtension, string> = {
  '.bin': 'an ESP32 firmware image starts with the byte 0xE9',
  '.hex': "an Intel HEX file starts with a record such as ':10000000…'",
  '.elf': 'an ELF file starts with 0x7F E L F',
};

/** What the upload dialog says a file must be (the same check runs in the browser and on the server). */
export const FIRMWARE_FILE_HINT =
  '.bin (an ESP32 image, starting with the byte 0xE9), .hex (Intel HEX) or .elf; at most 16 MB';

/**
 * Does a file's content match its extension? (ADR 021; the browser checks it before the upload, the server
 * while the upload streams, issue 30.) `.bin`: an ESP32 application image, whose header starts with the
 * magic byte 0xE9; `.hex`: Intel HEX (':' then at least 10 hex digits); `.elf`: 0x7F 'E' 'L' 'F'.
 * Returns why not, or undefined when it does.
 */
export function firmwareContentMismatch(ext: FirmwareExtension, head: Uint8Array): string | undefined {
  if (head.length === 0) return 'The firmware file is empty';
  const text = String.fromCharCode(...head.subarray(0, FIRMWARE_HEAD_BYTES));
  const ok =
    ext === '.bin'
      ? head[0] === 0xe9
      : ext === '.elf'
        ? head[0] === 0x7f && text.slice(1, 4) === 'ELF'
        : /^:[0-9A-Fa-f]{10}/.test(text);
  return ok
    ? undefined
    : `The file's content does not match its ${ext} extension (${FIRMWARE_EXPECTED[ext]})`;
}
