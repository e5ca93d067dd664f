import { z } from 'zod';
import { listResponseSchema, pageMetaSchema, pageQuerySchema, sortQueryShape } from './common.ts';
import { adminSearchSchema } from './admin-assignments.ts';
import { FIRMWARE_MSG } from './messages.ts';
import {
  DEFAULT_DEVICE_TYPE,
  DEVICE_TYPES,
  ROLLOUT_ACTIONS,
  ROLLOUT_DEVICE_STATES,
  ROLLOUT_STATUSES,
} from './constants.ts';
import {
  MAX_RELEASE_NOTES_LENGTH,
  canonicalFirmwareVersion,
  FIRMWARE_SORTS,
  ROLLOUT_SORTS,
} from './firmware-rules.ts';

/**
 * Firmware images (spec sections 5, 7 "Admin" and 9; ADR 021): what the admin uploads, lists and
 * deletes, and the rules the browser and the server both apply before any byte is stored.
 */

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
export const rolloutListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(ROLLOUT_SORTS, 'created_at', 'desc'),
);
export type RolloutListQuery = z.output<typeof rolloutListQuerySchema>;
export const rolloutListSchema = listResponseSchema('rollouts', rolloutSchema);
export type RolloutList = z.infer<typeof rolloutListSchema>;
export const rolloutActionSchema = z.object({ action: z.enum(ROLLOUT_ACTIONS) });
