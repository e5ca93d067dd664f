import { createHmac, createSecretKey, timingSafeEqual, type KeyObject, type webcrypto } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@isaac/contract';
import { SignJWT } from 'jose';
import { z } from 'zod';

/** What an access token names: its user (`sub`), session (`sid`) and role. */
export interface AccessClaims {
  sub: string;
  sid: string;
  /** Informational: the auth hook uses the role stored in the database. */
  role: number;
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
  role: z.number().int(),
  exp: z.number().int(),
});

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'isaac-api';
const AUDIENCE = 'isaac-web';
const INVALID: VerifyResult = { ok: false, reason: 'invalid' };
const EXPIRED: VerifyResult = { ok: false, reason: 'expired' };
/** One base64url segment, unpadded (RFC 7515 compact serialisation). */
const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** HMAC-SHA-256 is 32 bytes: 43 base64url characters. */
const HS256_BYTES = 32;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A segment's JSON (strict UTF-8), or undefined when it is not valid JSON. */
function decodeSegment(segment: string): unknown {
  try {
    return JSON.parse(utf8.decode(Buffer.from(segment, 'base64url')));
  } catch {
    return undefined;
  }
}

/**
 * Short-lived HS256 JWTs. `now` is the app clock, so tests can move time.
 *
 * Signing (sign-in, refresh) uses jose. Verification, on every authenticated request, is done here
 * synchronously with node:crypto (ADR 017): jose can only verify through WebCrypto, whose
 * `subtle.verify` is an asynchronous job costing ~85 µs of CPU per token against ~8 µs for an HMAC
 * computed in place, the largest single cost of the auth hook. The checks are jose's `jwtVerify`
 * with `algorithms: ['HS256']`, issuer, audience and the app clock — alg, signature (constant-time),
 * claims object, iss, aud, nbf, exp — and stricter where a token we sign never differs (any `crit` or
 * `b64` header, a non-canonical signature encoding); tokens.test.ts checks the two agree.
 */
export class TokenService {
  /** The secret for node:crypto's HMAC (verification), created once. */
  private readonly hmacKey: KeyObject;
  /**
   * The same secret as a WebCrypto CryptoKey for jose (signing), imported once: given raw bytes or a
   * KeyObject, jose would import it again on every call. Not extractable.
   */
  private readonly signingKey: webcrypto.CryptoKey;

  constructor(
    secret: string,
    private readonly now: () => Date,
    readonly ttlSeconds: number = ACCESS_TOKEN_TTL_S,
  ) {
    this.hmacKey = createSecretKey(Buffer.from(secret, 'utf8'));
    this.signingKey = this.hmacKey.toCryptoKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  }

  async sign(claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.signingKey);
  }

  /** Full check: signature, issuer, audience, not-before and expiry. */
  async verify(token: string): Promise<VerifyResult> {
    return this.check(token, true);
  }

  /**
   * Signature, issuer and audience (and not-before), ignoring expiry: for the refresh call, which
   * accepts an expired token as long as its session is still live.
   */
  async verifyIgnoringExpiry(token: string): Promise<VerifyResult> {
    return this.check(token, false);
  }

  private check(token: string, checkExpiry: boolean): VerifyResult {
    if (typeof token !== 'string') return INVALID;
    const parts = token.split('.');
    if (parts.length !== 3) return INVALID;
    const [header, payload, signature] = parts as [string, string, string];
    if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return INVALID;

    // The signature first: nothing the caller sent is parsed before it is authenticated.
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== HS256_BYTES || given.toString('base64url') !== signature) return INVALID;
    const expected = createHmac('sha256', this.hmacKey).update(`${header}.${payload}`).digest();
    if (!timingSafeEqual(expected, given)) return INVALID;

    const protectedHeader = decodeSegment(header);
    if (!isPlainObject(protectedHeader) || protectedHeader.alg !== 'HS256') return INVALID;
    if ('crit' in protectedHeader || 'b64' in protectedHeader) return INVALID;
    const claims = decodeSegment(payload);
    if (!isPlainObject(claims)) return INVALID;
    if (claims.iss !== ISSUER) return INVALID;
    const aud = claims.aud;
    if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) return INVALID;

    const now = Math.floor(this.now().getTime() / 1000);
    for (const claim of ['iat', 'nbf', 'exp'] as const) {
      if (claim in claims && typeof claims[claim] !== 'number') return INVALID;
    }
    if (typeof claims.nbf === 'number' && claims.nbf > now) return INVALID;
    if (checkExpiry && typeof claims.exp === 'number' && claims.exp <= now) return EXPIRED;

    const parsed = claimsSchema.safeParse(claims);
    if (!parsed.success) return INVALID;
    return { ok: true, claims: { sub: parsed.data.sub, sid: parsed.data.sid, role: parsed.data.role } };
  }
}
