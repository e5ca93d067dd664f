/**
 * Firmware's rules apart from its schemas (firmware.ts): what the upload dialog and the server both check,
 * the lists' sort columns; zod-free, as the admin's device pages read them on their first load (ADR 083).
 */
import { FIRMWARE_EXTENSIONS, FIRMWARE_MAX_BYTES } from './constants.ts';

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

/** The columns of the firmware table (`created_at`: Uploaded). */
export const FIRMWARE_SORTS = ['created_at', 'device_type', 'version', 'filename', 'file_size'] as const;

/** GET /api/admin/rollouts: a page of rollouts, newest first by default (`version`: the image's). */
export const ROLLOUT_SORTS = ['created_at', 'status', 'version'] as const;

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
