import { hkdfSync } from 'node:crypto';

/** One data-encryption key: its id (written on every value it seals) and its 32 bytes. */
export interface DataKey {
  id: string;
  key: Buffer;
}

/** A key id: 1–32 letters, digits, `-` or `_` (it is written before every sealed value). */
export const DATA_KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
export const DATA_KEY_BYTES = 32;

/**
 * DATA_ENCRYPTION_KEYS: comma-separated `id:base64key` entries, newest first, each key 32 bytes (base64 or
 * base64url). Returns the keys, or the problems found (never the keys' values).
 */
export function parseDataKeys(value: string): { keys: DataKey[] } | { problems: string[] } {
  const problems: string[] = [];
  const keys: DataKey[] = [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0)
    problems.push('DATA_ENCRYPTION_KEYS holds no key (`id:base64key`, newest first).');
  entries.forEach((entry, index) => {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const encoded = colon > 0 ? entry.slice(colon + 1) : '';
    if (!DATA_KEY_ID.test(id)) {
      problems.push(
        `DATA_ENCRYPTION_KEYS entry ${index + 1}: the key id must be 1–32 letters, digits, "-" or "_" (\`id:base64key\`).`,
      );
      return;
    }
    if (keys.some((k) => k.id === id)) {
      problems.push(`DATA_ENCRYPTION_KEYS: the key id "${id}" appears twice.`);
      return;
    }
    const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)
      ? Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : Buffer.alloc(0);
    if (key.length !== DATA_KEY_BYTES) {
      problems.push(
        `DATA_ENCRYPTION_KEYS: the key "${id}" must be ${DATA_KEY_BYTES} bytes, base64-encoded (e.g. \`openssl rand -base64 32\`).`,
      );
      return;
    }
    keys.push({ id, key });
  });
  return problems.length > 0 ? { problems } : { keys };
}

/**
 * The data-encryption keys (ADR 052): the newest seals, every one opens what it sealed. `legacySecret` is
 * JWT_SECRET, which opens values sealed before the keyring (format `v1.`, a key derived from it) until
 * `npm run reseal` has moved them to the newest key.
 */
export class DataKeyring {
  private readonly byId: Map<string, Buffer>;

  constructor(
    readonly keys: readonly DataKey[],
    private readonly legacySecret: string | null,
  ) {
    if (keys.length === 0) throw new Error('A data keyring needs at least one key');
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
  }

  /** The key new values are sealed with. */
  get newest(): DataKey {
    return this.keys[0]!;
  }

  /** The key for `purpose` derived from the key `id` (HKDF-SHA-256), or null when the ring lacks it. */
  purposeKey(id: string, purpose: string): Buffer | null {
    const key = this.byId.get(id);
    return key ? Buffer.from(hkdfSync('sha256', key, 'isaac-data-key', purpose, 32)) : null;
  }

  /** The key for `purpose` that opens `v1.` values (derived from JWT_SECRET, as before the keyring). */
  legacyPurposeKey(purpose: string): Buffer | null {
    return this.legacySecret === null
      ? null
      : Buffer.from(hkdfSync('sha256', this.legacySecret, 'isaac-secret-box', purpose, 32));
  }
}
