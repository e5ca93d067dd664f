import { firmwareContentMismatch, type FirmwareExtension } from '@isaac/contract';

/**
 * Does a file's content match its extension? Checked on the first bytes while the upload streams
 * (ADR 021), so a text file renamed to `.bin` is refused before it is stored. The rule is the contract's
 * (`firmwareContentMismatch`), which the upload dialog also runs before sending the file.
 */
export { FIRMWARE_HEAD_BYTES } from '@isaac/contract';

/** Why `head` (the file's first bytes) is not a valid `ext` file, or undefined when it is. */
export function contentMismatch(ext: FirmwareExtension, head: Buffer): string | undefined {
  return firmwareContentMismatch(ext, head);
}
