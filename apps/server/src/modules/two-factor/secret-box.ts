import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { DataKeyring } from '../../keys/keyring.ts';

/** Sealed before the keyring: `v1.` + base64url(iv | tag | ciphertext), key derived from JWT_SECRET. */
const LEGACY = 'v1.';
/** Sealed with a keyring key: `v2.<key id>.` + base64url(iv | tag | ciphertext). */
const VERSION = 'v2.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts small secrets at rest (TOTP secrets, WiFi passwords, Alexa tokens; ADR 028, ADR 052):
 * AES-256-GCM with a key derived by HKDF (SHA-256) for this one purpose from a data-encryption key of the
 * keyring (DATA_ENCRYPTION_KEYS, not JWT_SECRET), a random 96-bit IV per value, and associated data binding
 * each value to its owner (a ciphertext copied to another row does not open). Every value names the key
 * that sealed it (`v2.<key id>.…`): new values use the newest key, older ones open while their key is in the
 * ring, and `npm run reseal` moves them all to the newest. Values from before the keyring (`v1.…`, a key
 * derived from JWT_SECRET) still open until resealed.
 */
export class SecretBox {
  constructor(
    private readonly keyring: DataKeyring,
    private readonly purpose: string,
  ) {}

  seal(plaintext: string, associatedData: string): string {
    const { id } = this.keyring.newest;
    const key = this.keyring.purposeKey(id, this.purpose)!;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}${id}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }

  /** The id of the key that sealed `sealed` (`legacy` for a `v1.` value), or null when it is not sealed. */
  static keyIdOf(sealed: string): string | null {
    if (sealed.startsWith(LEGACY)) return 'legacy';
    if (!sealed.startsWith(VERSION)) return null;
    const dot = sealed.indexOf('.', VERSION.length);
    return dot > VERSION.length ? sealed.slice(VERSION.length, dot) : null;
  }

  /** Whether `sealed` is sealed with the newest key already (nothing for `npm run reseal` to do). */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(`${VERSION}${this.keyring.newest.id}.`);
  }

  /** The plaintext, or null when the value was not sealed by a key of the ring for this associated data. */
  open(sealed: string, associatedData: string): string | null {
    let key: Buffer | null;
    let body: string;
    if (sealed.startsWith(LEGACY)) {
      key = this.keyring.legacyPurposeKey(this.purpose);
      body = sealed.slice(LEGACY.length);
    } else if (sealed.startsWith(VERSION)) {
      const dot = sealed.indexOf('.', VERSION.length);
      if (dot < 0) return null;
      key = this.keyring.purposeKey(sealed.slice(VERSION.length, dot), this.purpose);
      body = sealed.slice(dot + 1);
    } else return null;
    if (key === null) return null;
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
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

  /** `sealed` opened and sealed again with the newest key; null when it does not open. */
  reseal(sealed: string, associatedData: string): string | null {
    const plaintext = this.open(sealed, associatedData);
    return plaintext === null ? null : this.seal(plaintext, associatedData);
  }
}

/** The purposes values are sealed for (each has its own derived key). */
export const SEAL_PURPOSE = {
  totpSecret: 'totp-secret',
  wifiPassword: 'wifi-password',
  alexaGrant: 'alexa-grant',
} as const;
