import type { FirmwareExtension } from '@isaac/contract';

/**
 * Does a file's content match its extension? Checked on the first bytes while the upload streams
 * (ADR 021), so a text file renamed to `.bin` is refused before it is stored:
 * - `.bin`: an ESP32 application image, whose header starts with the magic byte 0xE9;
 * - `.hex`: Intel HEX, ASCII records `:LLAAAATT…CC` (the first record: ':' then at least 10 hex digits);
 * - `.elf`: an ELF object, 0x7F 'E' 'L' 'F'.
 */
export const FIRMWARE_HEAD_BYTES = 11;

const ESP32_IMAGE_MAGIC = 0xe9;
const ELF_MAGIC = Buffer.from([0x7f, 0x45, 0x4c, 0x46]);
const INTEL_HEX_FIRST_RECORD = /^:[0-9A-Fa-f]{10}/;

const EXPECTED: Record<FirmwareExtension, string> = {
  '.bin': 'an ESP32 firmware image starts with the byte 0xE9',
  '.hex': "an Intel HEX file starts with a record such as ':10000000…'",
  '.elf': 'an ELF file starts with 0x7F E L F',
};

/** Why `head` (the file's first bytes) is not a valid `ext` file, or undefined when it is. */
export function contentMismatch(ext: FirmwareExtension, head: Buffer): string | undefined {
  if (head.length === 0) return 'The firmware file is empty';
  const ok =
    ext === '.bin'
      ? head[0] === ESP32_IMAGE_MAGIC
      : ext === '.elf'
        ? head.subarray(0, ELF_MAGIC.length).equals(ELF_MAGIC)
        : INTEL_HEX_FIRST_RECORD.test(head.toString('latin1'));
  return ok ? undefined : `The file's content does not match its ${ext} extension (${EXPECTED[ext]})`;
}
