import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts small secrets at rest (the TOTP secrets, ADR 028): AES-256-GCM with a key derived by HKDF
 * (SHA-256) from the server secret (JWT_SECRET) for this one purpose, a random 96-bit IV per value, and
 * associated data binding each value to its owner (a ciphertext copied to another user's row does not
 * open). Stored as `v1.` + base64url(iv | tag | ciphertext). Changing JWT_SECRET makes stored values
 * unreadable (those users need a reset of their second factor).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'isaac-secret-box', purpose, 32));
  }

  seal(plaintext: string, associatedData: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
  }

  /** The plaintext, or null when the value was not sealed by this key for this associated data. */
  open(sealed: string, associatedData: string): string | null {
    if (!sealed.startsWith(VERSION)) return null;
    const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(associatedData, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
