import {
  FIRMWARE_FIELDS,
  FIRMWARE_MAX_BYTES,
  FIRMWARE_MSG,
  firmwareExtension,
  firmwareUploadFieldsSchema,
  MAX_FIRMWARE_FILENAME_LENGTH,
  MAX_RELEASE_NOTES_LENGTH,
  type FirmwareUploadFields,
} from '@isaac/contract';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, type ErrorDetail } from '../../plugins/errors.ts';
import { findUnstorableText } from '../../plugins/storable-text.ts';
import { contentMismatch, FIRMWARE_HEAD_BYTES } from './content-check.ts';
import { StagedTooLargeError, type FirmwareStore, type StagedBlob } from './storage.ts';

/**
 * What a multipart request may carry besides the file: the form's boundaries and part headers, and the
 * text fields (release notes up to 2,000 characters, 4 bytes each at most in UTF-8). A declared body
 * larger than the file limit plus this is refused before a byte is read.
 */
export const MAX_FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_FIELD_BYTES = MAX_RELEASE_NOTES_LENGTH * 4;
const TEXT_FIELDS = new Set<string>([
  FIRMWARE_FIELDS.version,
  FIRMWARE_FIELDS.deviceType,
  FIRMWARE_FIELDS.releaseNotes,
]);

export const UPLOAD_MESSAGES = {
  notMultipart: `Send the firmware as multipart/form-data: a "${FIRMWARE_FIELDS.file}" file and a "${FIRMWARE_FIELDS.version}" field`,
  wrongFileField: `The firmware file must be sent in the "${FIRMWARE_FIELDS.file}" field`,
  oneFile: 'Upload one firmware file at a time',
  repeatedField: (name: string) => `The field "${name}" was sent more than once`,
  fieldTooLong: (name: string) => `The field "${name}" is too long`,
  filenameTooLong: `The file name may have at most ${MAX_FIRMWARE_FILENAME_LENGTH} characters`,
} as const;

/**
 * @fastify/multipart's options for the firmware routes. The store's staging counts the bytes and
 * fails at byte 16 MB + 1, which ends the read at once (413, the rest of the body is never read);
 * busboy's own file limit sits one byte above so that it is only the fallback (a truncated part is 413
 * too). Text fields and parts are bounded.
 */
export const FIRMWARE_MULTIPART_OPTIONS = {
  throwFileSizeLimit: false,
  limits: {
    fileSize: FIRMWARE_MAX_BYTES + 1,
    files: 2, // a second file gets our own 400, not the parser's "reach files limit"
    fields: 8,
    parts: 9,
    fieldSize: MAX_FIELD_BYTES,
    fieldNameSize: 100,
  },
};

export const payloadTooLarge = () => new HttpError(413, 'payload_too_large', FIRMWARE_MSG.tooLarge);
const unsupportedMediaType = () => new HttpError(415, 'unsupported_media_type', UPLOAD_MESSAGES.notMultipart);

/** The name a file is stored and listed under: no directories, no control characters, trimmed. */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/** The upload's text fields, validated (400 naming each bad field); the version in canonical form. */
export function parseUploadFields(raw: Record<string, string>): FirmwareUploadFields {
  const unstorable = findUnstorableText(raw);
  if (unstorable.length > 0) throw badRequest(describe(unstorable), unstorable);
  const parsed = firmwareUploadFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
  }));
  throw badRequest(describe(details), details);
}

const describe = (details: ErrorDetail[]) =>
  `Invalid request body: ${details.map((d) => `${d.path}: ${d.message}`).join('; ')}`;

export interface FirmwareUpload {
  fields: FirmwareUploadFields;
  filename: string;
  staged: StagedBlob;
}

/**
 * Reads POST /api/admin/firmware/upload as it arrives (ADR 021): text fields in any order, and the one
 * file streamed into the store's staging area while it is hashed, measured (16 MB at most: past it, 413)
 * and its first bytes checked against its extension. Nothing is buffered whole. `beforeFile` runs when
 * the file starts, with the fields sent before it, so a duplicate version fails before the bytes flow.
 * On any failure the staged bytes are discarded; on success the caller commits or discards them.
 */
export async function readFirmwareUpload(
  request: FastifyRequest,
  store: FirmwareStore,
  beforeFile: (fields: FirmwareUploadFields) => Promise<void>,
): Promise<FirmwareUpload> {
  if (!request.isMultipart()) throw unsupportedMediaType();
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > FIRMWARE_MAX_BYTES + MAX_FORM_OVERHEAD_BYTES) {
    throw payloadTooLarge();
  }

  const raw: Record<string, string> = {};
  let file: { filename: string; staged: StagedBlob } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!TEXT_FIELDS.has(part.fieldname)) continue; // unknown fields are ignored
        if (part.fieldname in raw) throw badRequest(UPLOAD_MESSAGES.repeatedField(part.fieldname));
        if (part.valueTruncated) throw badRequest(UPLOAD_MESSAGES.fieldTooLong(part.fieldname));
        raw[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== FIRMWARE_FIELDS.file) throw badRequest(UPLOAD_MESSAGES.wrongFileField);
      if (file) throw badRequest(UPLOAD_MESSAGES.oneFile);
      const filename = cleanFilename(part.filename);
      const ext = firmwareExtension(filename);
      if (!ext) throw badRequest(FIRMWARE_MSG.invalidType);
      if (filename.length > MAX_FIRMWARE_FILENAME_LENGTH) throw badRequest(UPLOAD_MESSAGES.filenameTooLong);
      if (FIRMWARE_FIELDS.version in raw) await beforeFile(parseUploadFields(raw));
      const staged = await store
        .stage(part.file, {
          maxBytes: FIRMWARE_MAX_BYTES,
          headBytes: FIRMWARE_HEAD_BYTES,
          inspect: (head) => {
            const mismatch = contentMismatch(ext, head);
            if (mismatch) throw badRequest(mismatch);
          },
        })
        .catch((error: unknown) => {
          throw error instanceof StagedTooLargeError ? payloadTooLarge() : error;
        });
      file = { filename, staged };
      // busboy stops a file at its limit and marks it truncated: the part was larger than 16 MB.
      if (part.file.truncated) throw payloadTooLarge();
    }
    if (!file) throw badRequest(FIRMWARE_MSG.fileRequired);
    return { fields: parseUploadFields(raw), ...file };
  } catch (error) {
    await file?.staged.discard();
    throw error;
  }
}
