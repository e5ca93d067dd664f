import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@isaac/contract';

/** Lowercase letters and digits without look-alikes (0/o, 1/l/i): 31 symbols, ~49.5 bits per code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF = 5;

/** A new set of recovery codes, `xxxxx-xxxxx` (ADR 028). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const chars = Array.from({ length: HALF * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    codes.add(`${chars.slice(0, HALF)}-${chars.slice(HALF)}`);
  }
  return [...codes];
}

/**
 * What is stored of a recovery code: SHA-256 of the user id and the code without case, spaces or
 * dashes. The codes are random and long (~50 bits), so a fast hash is enough (no dictionary to try),
 * and the user id keeps equal codes of two users apart.
 */
export function recoveryCodeHash(userId: string, code: string): string {
  const normalised = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(`${userId}\n${normalised}`).digest('base64url');
}
