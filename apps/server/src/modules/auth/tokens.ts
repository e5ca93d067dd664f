import { createSecretKey, type KeyObject } from 'node:crypto';
import { ACCESS_TOKEN_TTL_S } from '@isaac/contract';
import { compactVerify, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
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

/** Short-lived HS256 JWTs (jose). `now` is the app clock, so tests can move time. */
export class TokenService {
  /** Imported once: jose would otherwise import raw key bytes on every sign and verify. */
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly now: () => Date,
    readonly ttlSeconds: number = ACCESS_TOKEN_TTL_S,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
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
      .sign(this.key);
  }

  /** Full check: signature, issuer, audience and expiry. */
  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.now(),
      });
      return this.toResult(payload);
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }

  /**
   * Signature (and issuer/audience) only, ignoring expiry: for the refresh call, which accepts an
   * expired token as long as its session is still live.
   */
  async verifyIgnoringExpiry(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await compactVerify(token, this.key, { algorithms: ['HS256'] });
      const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
      if (
        typeof parsed !== 'object' ||
        parsed === null ||
        (parsed as { iss?: unknown }).iss !== ISSUER ||
        (parsed as { aud?: unknown }).aud !== AUDIENCE
      ) {
        return { ok: false, reason: 'invalid' };
      }
      return this.toResult(parsed);
    } catch {
      return { ok: false, reason: 'invalid' };
    }
  }

  private toResult(payload: unknown): VerifyResult {
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { sub: parsed.data.sub, sid: parsed.data.sid, role: parsed.data.role } };
  }
}
