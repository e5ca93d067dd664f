import { ELECTRICIAN_MSG, SIGNATURE_PNG_LIMITS } from '@isaac/contract';
import { crc32 } from 'node:zlib';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * Why a drawn signature is refused, or null when it is a PNG we store (issue 29): the data URL's base64
 * decodes to exactly the PNG signature, an IHDR chunk first (13 bytes, dimensions within
 * SIGNATURE_PNG_LIMITS), well-formed chunks with correct CRCs, and IEND last with nothing after it, at most
 * `maxBytes` in all. Anything else (an SVG, HTML, a script, a truncated or padded file) is refused: what is
 * stored is shown to the owner as an image, and kept as the customer's sign-off.
 */
export function signatureImageProblem(dataUrl: string): string | null {
  if (!dataUrl.startsWith(DATA_URL_PREFIX)) return ELECTRICIAN_MSG.signatureNotPng;
  const base64 = dataUrl.slice(DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length % 4 !== 0)
    return ELECTRICIAN_MSG.signatureNotPng;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_PNG_LIMITS.maxBytes) return ELECTRICIAN_MSG.signatureTooLarge;
  if (bytes.length < PNG_SIGNATURE.length + 12 + 13 + 12) return ELECTRICIAN_MSG.signatureNotPng;
  if (!bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return ELECTRICIAN_MSG.signatureNotPng;

  let offset = PNG_SIGNATURE.length;
  let first = true;
  let sawData = false;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) return ELECTRICIAN_MSG.signatureNotPng;
    const crc = bytes.readUInt32BE(end - 4);
    if (crc32(bytes.subarray(offset + 4, end - 4)) !== crc) return ELECTRICIAN_MSG.signatureNotPng;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return ELECTRICIAN_MSG.signatureNotPng;
      const width = bytes.readUInt32BE(offset + 8);
      const height = bytes.readUInt32BE(offset + 12);
      const limits = SIGNATURE_PNG_LIMITS;
      if (
        width < limits.minWidth ||
        height < limits.minHeight ||
        width > limits.maxWidth ||
        height > limits.maxHeight
      ) {
        return ELECTRICIAN_MSG.signatureDimensions(limits);
      }
      first = false;
    } else if (type === 'IDAT') sawData = true;
    else if (type === 'IEND') return end === bytes.length && sawData ? null : ELECTRICIAN_MSG.signatureNotPng;
    offset = end;
  }
  return ELECTRICIAN_MSG.signatureNotPng;
}
