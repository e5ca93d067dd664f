import { createSecretKey, type webcrypto } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@isaac/contract';
import { createVerifier, TokenError } from 'fast-jwt';
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

/**
 * Short-lived HS256 JWTs. `now` is the app clock, so tests can move time.
 *
 * Signing (sign-in, refresh) uses jose with a CryptoKey imported once. Verification, on every
 * authenticated request, uses fast-jwt (the verifier behind @fastify/jwt), which checks HMAC signatures
 * synchronously with node:crypto: jose can only verify through WebCrypto, an asynchronous job that costs
 * several times the CPU per token (ADR 017; figures in docs/benchmarks.md). The verifier is built once, allows only HS256, and
 * checks the signature (constant-time), issuer and audience (required); any `crit` header is refused; time claims are checked here against
 * the app clock (fast-jwt's clock is fixed when the verifier is built). tokens.test.ts checks that its
 * verdicts equal jose's `jwtVerify` with the same options.
 */
/** How many verified tokens the verifier remembers (a few MB at most). */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

export class TokenService {
  /** The secret as a WebCrypto CryptoKey for jose (signing), imported once. Not extractable. */
  private readonly signingKey: webcrypto.CryptoKey;
  private readonly verifier: (token: string) => unknown;

  constructor(
    secret: string,
    private readonly now: () => Date,
    readonly ttlSeconds: number = ACCESS_TOKEN_TTL_S,
  ) {
    const key = Buffer.from(secret, 'utf8');
    this.signingKey = createSecretKey(key).toCryptoKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    this.verifier = createVerifier({
      key,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      // Checked below against the app clock.
      ignoreExpiration: true,
      ignoreNotBefore: true,
      // fast-jwt checks iss/aud only when present: a token must carry them.
      requiredClaims: ['iss', 'aud', 'sub', 'exp'],
      // The header too, to refuse extensions we do not understand (`crit`).
      complete: true,
      // Verified tokens are remembered (LRU, keyed by a hash of the token), so a client's repeated calls
      // skip the HMAC check and the decoding. Only the signature, iss and aud verdict is cached; time
      // claims are checked below on every call, and the session on every request (revocation is
      // unaffected). Failures are never cached.
      cache: VERIFIED_TOKEN_CACHE_SIZE,
    });
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
    if (typeof token !== 'string' || token === '') return INVALID;
    let decoded: { header: Record<string, unknown>; payload: unknown };
    try {
      decoded = this.verifier(token) as typeof decoded;
    } catch (error) {
      if (error instanceof TokenError) return INVALID;
      throw error;
    }
    if ('crit' in decoded.header) return INVALID;
    const claims = decoded.payload;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return INVALID;
    const record = claims as Record<string, unknown>;
    for (const claim of ['iat', 'nbf', 'exp'] as const) {
      if (claim in record && typeof record[claim] !== 'number') return INVALID;
    }
    const now = Math.floor(this.now().getTime() / 1000);
    if (typeof record.nbf === 'number' && record.nbf > now) return INVALID;
    if (checkExpiry && typeof record.exp === 'number' && record.exp <= now) return EXPIRED;

    const parsed = claimsSchema.safeParse(record);
    if (!parsed.success) return INVALID;
    return { ok: true, claims: { sub: parsed.data.sub, sid: parsed.data.sid, role: parsed.data.role } };
  }
}
