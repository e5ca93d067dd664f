import {
  API_MSG,
  ERROR_CODE,
  ROLE,
  TOTP_CODE_PATTERN,
  type TwoFactorEnabled,
  type TwoFactorRecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@isaac/contract';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../db/client.ts';
import type { EventBus, SecurityChange } from '../../events.ts';
import { twoFactorRecoveryCodes, userTwoFactor, users, type UserRow } from '../../db/schema/index.ts';
import { setTwoFactorEnabledAt } from '../users/store.ts';
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from '../../plugins/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { PasswordThrottle, tryAgainIn } from '../auth/throttle.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { SecretBox } from './secret-box.ts';
import { totp } from './totp.ts';

export const TWO_FACTOR_MESSAGES = {
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on for this account',
  userNotEnrolled: 'This user has not turned on two-factor sign-in',
  noPendingSetup: 'Start the setup first: scan the QR code, then enter a code',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off',
  reset: "Two-factor sign-in was reset and the user's sessions have ended",
  userNotFound: 'User not found',
  wrongPassword: 'Password is incorrect',
  recoveryCodesRenewed:
    'New recovery codes: the old ones no longer work. Keep these somewhere safe; they are shown only now.',
  throttled: (seconds: number) => `Too many wrong attempts. ${tryAgainIn(seconds)}`,
} as const;

/** The second factor offered at sign-in (or to turn it off): an authenticator code or a recovery code. */
export interface SecondFactor {
  otp?: string | undefined;
  recovery_code?: string | undefined;
}

export type SecondFactorMethod = 'otp' | 'recovery_code';

/** What turning it off or renewing the recovery codes asks for: the password and a current code. */
export interface PasswordAndCode {
  password: string;
  code: string;
}

const invalidCode = (message: string = API_MSG.invalidTwoFactorCode) =>
  new HttpError(400, ERROR_CODE.invalidTwoFactorCode, message, [{ path: 'code', message }]);

/**
 * Two-factor sign-in with TOTP (RFC 6238) and recovery codes (ADR 028). The secret is sealed at rest
 * (`SecretBox`) and shown only by the setup; recovery codes are stored hashed and used once; an
 * authenticator code is accepted once (its time step must be newer than the last accepted one).
 * Turning it on, off, and an admin's reset are recorded in the activity log in their transaction.
 */
export class TwoFactorService {
  private readonly throttle: PasswordThrottle;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly sessions: SessionService,
    private readonly audit: AuditLog,
    /** Seals the TOTP secrets (a data key of DATA_ENCRYPTION_KEYS, ADR 052). */
    private readonly box: SecretBox,
    /** ADMIN_TWO_FACTOR_REQUIRED */
    private readonly requiredForAdmins: boolean,
    private readonly events: EventBus,
  ) {
    this.throttle = new PasswordThrottle(db, now);
  }

  /** Whether `user` must use two-factor sign-in (and may not use the admin API until they do). */
  isRequiredFor(user: Pick<UserRow, 'role'>): boolean {
    return this.requiredForAdmins && user.role === ROLE.admin;
  }

  async status(user: UserRow): Promise<TwoFactorStatus> {
    const enabled = user.twoFactorEnabledAt !== null;
    const left = enabled ? await this.recoveryCodesLeft(this.db, user.id) : 0;
    return {
      enabled,
      enabled_at: user.twoFactorEnabledAt?.toISOString() ?? null,
      recovery_codes_left: left,
      required: this.isRequiredFor(user),
    };
  }

  /** A new secret for the caller (replacing an unfinished setup); 409 when already on. */
  async setup(user: UserRow): Promise<TwoFactorSetup> {
    const secret = totp.newSecret();
    const sealed = this.box.seal(secret, user.id);
    await this.db.transaction(async (tx) => {
      await this.lockEnrolled(tx, user.id, false);
      const at = this.now();
      await tx
        .insert(userTwoFactor)
        .values({
          userId: user.id,
          secretCiphertext: sealed,
          lastUsedStep: null,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: userTwoFactor.userId,
          set: { secretCiphertext: sealed, lastUsedStep: null, createdAt: at, updatedAt: at },
        });
    });
    const otpauthUrl = totp.uri(secret, user.email);
    const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return {
      secret,
      otpauth_url: otpauthUrl,
      qr_svg_data_url: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
    };
  }

  /** Confirms the setup with a code from the app: two-factor sign-in is on; returns the recovery codes (once). */
  async enable(user: UserRow, code: string, context: AuditContext): Promise<TwoFactorEnabled> {
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await this.lockEnrolled(tx, user.id, false);
      const [pending] = await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
      const secret = pending ? this.box.open(pending.secretCiphertext, user.id) : null;
      if (!pending || secret === null) throw conflict(TWO_FACTOR_MESSAGES.noPendingSetup);
      const step = totp.verify(secret, code, this.now(), pending.lastUsedStep);
      if (step === null) throw invalidCode();
      const at = this.now();
      await tx
        .update(userTwoFactor)
        .set({ lastUsedStep: step, updatedAt: at })
        .where(eq(userTwoFactor.userId, user.id));
      await this.storeRecoveryCodes(tx, user.id, codes);
      await setTwoFactorEnabledAt(tx, user.id, at, at);
      await this.audit.record(tx, context, {
        action: 'user.two_factor_enabled',
        entity: { type: 'user', id: user.id, name: user.name },
        changes: { two_factor_enabled: { before: false, after: true } },
      });
    });
    return { message: TWO_FACTOR_MESSAGES.enabled, recovery_codes: codes };
  }

  /**
   * Turns it off: the password and a current code (authenticator or recovery code) are both needed
   * (`withPasswordAndCode`).
   */
  async disable(user: UserRow, input: PasswordAndCode, context: AuditContext): Promise<string> {
    await this.withPasswordAndCode(user, input, async (tx) => {
      await this.remove(tx, user.id);
      await this.audit.record(tx, context, {
        action: 'user.two_factor_disabled',
        entity: { type: 'user', id: user.id, name: user.name },
        changes: { two_factor_enabled: { before: true, after: false } },
      });
      await this.securityChanged(tx, user, 'two_factor_disabled');
    });
    return TWO_FACTOR_MESSAGES.disabled;
  }

  /**
   * A new set of recovery codes without setting up again (codes used up, or a printout lost): the old
   * ones stop working in the same transaction. Needs what turning it off needs (`withPasswordAndCode`).
   */
  async renewRecoveryCodes(
    user: UserRow,
    input: PasswordAndCode,
    context: AuditContext,
  ): Promise<TwoFactorRecoveryCodes> {
    const codes = newRecoveryCodes();
    await this.withPasswordAndCode(user, input, async (tx) => {
      const unused = await this.recoveryCodesLeft(tx, user.id);
      await this.storeRecoveryCodes(tx, user.id, codes);
      await this.audit.record(tx, context, {
        action: 'user.two_factor_recovery_codes_renewed',
        entity: { type: 'user', id: user.id, name: user.name },
        changes: { recovery_codes_left: { before: unused, after: codes.length } },
      });
      await this.securityChanged(tx, user, 'recovery_codes_renewed');
    });
    return { message: TWO_FACTOR_MESSAGES.recoveryCodesRenewed, recovery_codes: codes };
  }

  /**
   * Runs `change` for a user who has it on, once their password and a current code (authenticator or
   * recovery code, which is spent) are right, in the transaction that spends the code. Wrong ones count
   * against the user's wrong-password budget (5 per 15 minutes, ADR 015).
   */
  private async withPasswordAndCode<T>(
    user: UserRow,
    input: PasswordAndCode,
    change: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    if (user.twoFactorEnabledAt === null) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    const wait = await this.throttle.admit(user.id);
    if (wait > 0) throw tooManyRequests(TWO_FACTOR_MESSAGES.throttled(wait), wait);
    if (!(await verifyPassword(user.passwordHash, input.password))) {
      throw badRequest(TWO_FACTOR_MESSAGES.wrongPassword, [
        { path: 'password', message: TWO_FACTOR_MESSAGES.wrongPassword },
      ]);
    }
    const code = input.code.replace(/\s+/g, '');
    const factor: SecondFactor = TOTP_CODE_PATTERN.test(code) ? { otp: code } : { recovery_code: code };
    const result = await this.db.transaction(async (tx) => {
      await this.lockEnrolled(tx, user.id, true);
      if ((await this.verify(tx, user, factor)) === null) {
        throw invalidCode(factor.otp ? API_MSG.invalidTwoFactorCode : API_MSG.invalidRecoveryCode);
      }
      return change(tx);
    });
    await this.throttle.succeeded(user.id);
    return result;
  }

  /** An admin turns off another user's second factor (a lost phone): their sessions end too. */
  async reset(userId: string, context: AuditContext): Promise<string> {
    await this.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: users.id, name: users.name, role: users.role, enabledAt: users.twoFactorEnabledAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!target) throw notFound(TWO_FACTOR_MESSAGES.userNotFound);
      if (target.enabledAt === null) throw conflict(TWO_FACTOR_MESSAGES.userNotEnrolled);
      await this.remove(tx, userId);
      const ended = await this.sessions.revokeAllOf(userId, undefined, tx);
      await this.audit.record(tx, context, {
        action: 'user.two_factor_reset',
        entity: { type: 'user', id: target.id, name: target.name },
        changes: {
          two_factor_enabled: { before: true, after: false },
          sessions_ended: { before: null, after: ended },
        },
      });
      await this.securityChanged(tx, target, 'two_factor_reset');
    });
    return TWO_FACTOR_MESSAGES.reset;
  }

  /**
   * Checks a sign-in's second factor for `user` (who has it on) and spends it: the code's time step
   * becomes the last accepted one, or the recovery code is marked used. Each is one conditional
   * UPDATE, so two requests racing with the same code cannot both pass. Null when wrong or spent.
   */
  async verify(executor: Db | Tx, user: UserRow, factor: SecondFactor): Promise<SecondFactorMethod | null> {
    if (factor.otp) {
      const [row] = await executor.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id));
      const secret = row ? this.box.open(row.secretCiphertext, user.id) : null;
      if (!row || secret === null) return null;
      const step = totp.verify(secret, factor.otp, this.now(), row.lastUsedStep);
      if (step === null) return null;
      const spent = await executor
        .update(userTwoFactor)
        .set({ lastUsedStep: step, updatedAt: this.now() })
        .where(
          and(
            eq(userTwoFactor.userId, user.id),
            or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return spent.length > 0 ? 'otp' : null;
    }
    if (factor.recovery_code) {
      const spent = await executor
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: this.now() })
        .where(
          and(
            eq(twoFactorRecoveryCodes.userId, user.id),
            eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(user.id, factor.recovery_code)),
            isNull(twoFactorRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: twoFactorRecoveryCodes.id });
      return spent.length > 0 ? 'recovery_code' : null;
    }
    return null;
  }

  /** How many of the user's recovery codes are still unused. */
  async recoveryCodesLeft(executor: Db | Tx, userId: string): Promise<number> {
    const [row] = await executor
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return row?.n ?? 0;
  }

  /** Tells the person, in the change's transaction (ADR 085). */
  private securityChanged(tx: Tx, user: Pick<UserRow, 'id' | 'role'>, change: SecurityChange): Promise<void> {
    return this.events.publish('account.security_changed', { tx, userId: user.id, role: user.role, change });
  }

  /** Locks the user's row for this transaction; 409 unless two-factor sign-in is on (`enrolled`) or off. */
  private async lockEnrolled(tx: Tx, userId: string, enrolled: boolean): Promise<void> {
    const [row] = await tx
      .select({ enabledAt: users.twoFactorEnabledAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row) throw notFound(TWO_FACTOR_MESSAGES.userNotFound);
    if (enrolled && row.enabledAt === null) throw conflict(TWO_FACTOR_MESSAGES.notEnabled);
    if (!enrolled && row.enabledAt !== null) throw conflict(TWO_FACTOR_MESSAGES.alreadyEnabled);
  }

  /** The user's recovery codes become `codes` (hashed; the ones before are gone). */
  private async storeRecoveryCodes(tx: Tx, userId: string, codes: readonly string[]): Promise<void> {
    const at = this.now();
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(userId, c), createdAt: at })));
  }

  /** Forgets the secret and the recovery codes, and marks two-factor sign-in off. */
  private async remove(tx: Tx, userId: string): Promise<void> {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    await setTwoFactorEnabledAt(tx, userId, null, this.now());
  }
}

/**
 * A sealed second-factor secret moved to the newest key (`npm run reseal`, ADR 052): written only if the user
 * still has the value that was read (compare-and-set). True when it was written.
 */
export async function resealTotpSecret(
  db: Db,
  userId: string,
  sealed: string,
  resealed: string,
): Promise<boolean> {
  const written = await db
    .update(userTwoFactor)
    .set({ secretCiphertext: resealed })
    .where(and(eq(userTwoFactor.userId, userId), eq(userTwoFactor.secretCiphertext, sealed)))
    .returning({ userId: userTwoFactor.userId });
  return written.length === 1;
}
