import { TOTP_DIGITS, TOTP_PERIOD_S } from '@isaac/contract';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'Isaac';
/** Codes of the previous and next 30-second step are accepted too (clock drift, typing time). */
const TOLERANCE_S = TOTP_PERIOD_S;
/** 160-bit secrets, as RFC 4226 recommends. */
const SECRET_BYTES = 20;

/**
 * RFC 6238 TOTP through otplib (ADR 028): SHA-1, 6 digits, 30-second steps, ±1 step. Times are the
 * app's clock (tests move it), never the wall clock.
 */
export const totp = {
  newSecret(): string {
    return generateSecret({ length: SECRET_BYTES });
  },

  uri(secret: string, account: string): string {
    return generateURI({
      issuer: TOTP_ISSUER,
      label: account,
      secret,
      digits: TOTP_DIGITS,
      period: TOTP_PERIOD_S,
    });
  },

  /** The code of `secret` at `at` (tests and the seed's demo helpers). */
  codeAt(secret: string, at: Date): string {
    return generateSync({ secret, epoch: Math.floor(at.getTime() / 1000), period: TOTP_PERIOD_S });
  },

  /**
   * The time step `code` belongs to, when it is right at `at` (±1 step) and newer than `afterStep`
   * (a code already accepted, or an older one, is refused: no replay); otherwise null.
   */
  verify(secret: string, code: string, at: Date, afterStep: number | null): number | null {
    const result = verifySync({
      secret,
      token: code,
      epoch: Math.floor(at.getTime() / 1000),
      period: TOTP_PERIOD_S,
      epochTolerance: TOLERANCE_S,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // (the functional API's result type covers HOTP too; a TOTP result carries its time step)
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  },
};
