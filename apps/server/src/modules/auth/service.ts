import {
  API_MSG,
  AUTH_PATHS,
  ERROR_CODE,
  type AuthorizationRequest,
  type LoginBody,
  type LoginResponse,
} from '@isaac/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { HttpError, tooManyRequests, unauthorized } from '../../plugins/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import { presentUser } from '../users/presenter.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import type { SessionService } from './sessions.ts';
import { LoginThrottle, tryAgainIn } from './throttle.ts';
import type { TokenService } from './tokens.ts';

/** The authorization request as the consent screen's query (only the parameters that were sent). */
function consentQuery(request: AuthorizationRequest): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(request)) if (typeof value === 'string') query.set(key, value);
  return query.toString();
}

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  throttled: (seconds: number) => `Too many failed sign-in attempts. ${tryAgainIn(seconds)}`,
  loggedOut: 'Logged out',
} as const;

/**
 * The second-factor check the sign-in needs (the two-factor module's service, ADR 028; an interface here so
 * that auth does not import the module that imports auth): spends a right code, null when wrong or spent.
 */
export interface SecondFactorCheck {
  verify(
    executor: Db,
    user: UserRow,
    factor: { otp?: string | undefined; recovery_code?: string | undefined },
  ): Promise<SecondFactorMethod | null>;
  /** How many of the user's recovery codes are still unused (told after a sign-in with one, ADR 085). */
  recoveryCodesLeft(executor: Db, userId: string): Promise<number>;
}

/** Which second factor a sign-in used: the authenticator's code, or a recovery code. */
export type SecondFactorMethod = 'otp' | 'recovery_code';

/**
 * The authorization-request check of voice-assistant linking (the OAuth module's service, ADR 035; an
 * interface so that auth does not import it): throws 400 for an unknown client or unregistered redirect URI.
 */
export interface AuthorizationRequestCheck {
  check(request: AuthorizationRequest): Promise<unknown>;
}

export class AuthService {
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly tokens: TokenService,
    private readonly audit: AuditLog,
    private readonly twoFactor: SecondFactorCheck,
    private readonly oauth: AuthorizationRequestCheck,
    now: () => Date,
    private readonly events: EventBus,
  ) {
    this.throttle = new LoginThrottle(db, now);
  }

  /**
   * Signs in: same 401 `invalid_credentials` whether or not the e-mail exists (an unknown e-mail
   * still verifies a dummy hash); failures are throttled per (account, source), per source and, with
   * short growing delays, per account (ADR 015: 429 + Retry-After). The attempt is counted as a
   * failure before the password is checked and forgiven when it was right. Each sign-in and each
   * refused password is recorded in the activity log (the session and its record in one transaction).
   * With two-factor sign-in on, a right password without a code answers 401 `two_factor_required`
   * (not counted), a wrong, spent or replayed code 401 `invalid_two_factor_code` (counted).
   */
  async login(body: LoginBody, context: AuditContext, webOrigin: string): Promise<LoginResponse> {
    // OAuth mode (voice-assistant linking): an unknown client or unregistered redirect URI stops here,
    // before any password is checked ('Invalid redirect URL. Please try again.').
    const oauth = body.oauth_params?.client_id && body.oauth_params.redirect_uri ? body.oauth_params : null;
    if (oauth) await this.oauth.check(oauth);
    const email = body.email.trim().toLowerCase();
    const ip = context.ip ?? '';
    const wait = await this.throttle.admit(email, ip);
    if (wait > 0) throw tooManyRequests(AUTH_MESSAGES.throttled(wait), wait);

    const [user] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    const matches = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
    if (!user || !matches || user.status !== 'active') {
      await this.audit.record(this.db, context, {
        action: 'auth.sign_in_failed',
        entity: { type: 'user', id: user?.id ?? null, name: email },
      });
      throw unauthorized(ERROR_CODE.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
    }
    // Which second factor the sign-in used (recorded with it: a recovery code's use is worth seeing).
    let secondFactor: SecondFactorMethod | null = null;
    if (user.twoFactorEnabledAt !== null) {
      if (!body.otp && !body.recovery_code) {
        // The first step of a two-step sign-in: not a failure, and not a success either (ADR 028).
        await this.throttle.forgive(email, ip);
        throw unauthorized(ERROR_CODE.twoFactorRequired, API_MSG.twoFactorRequired);
      }
      // A wrong (or replayed) code stays counted as a failed attempt, as a wrong password is.
      secondFactor = await this.twoFactor.verify(this.db, user, body);
      if (secondFactor === null) {
        await this.audit.record(this.db, context, {
          action: 'auth.sign_in_failed',
          entity: { type: 'user', id: user.id, name: email },
          changes: { second_factor: { before: null, after: body.otp ? 'otp' : 'recovery_code' } },
        });
        throw unauthorized(
          ERROR_CODE.invalidTwoFactorCode,
          body.otp ? API_MSG.invalidTwoFactorCode : API_MSG.invalidRecoveryCode,
        );
      }
    }
    await this.throttle.succeeded(email, ip);

    const session = await this.db.transaction(async (tx) => {
      const created = await this.sessions.create(user.id, context, tx);
      await this.audit.record(
        tx,
        { ...context, actor: { id: user.id, name: user.name, role: user.role } },
        {
          action: 'auth.sign_in',
          entity: { type: 'session', id: created.id, name: user.name },
          ...(secondFactor ? { changes: { second_factor: { before: null, after: secondFactor } } } : {}),
        },
      );
      return created;
    });
    // A recovery code is for a lost phone: the person is told (how many are left, where to make new ones).
    if (secondFactor === 'recovery_code') {
      const left = await this.twoFactor.recoveryCodesLeft(this.db, user.id);
      this.events.announce('auth.recovery_code_used', { userId: user.id, role: user.role, left });
    }
    const token = await this.tokens.sign({ sub: user.id, sid: session.id, role: user.role });
    // OAuth mode: the redirect is the product's own consent screen (the web follows only its own origins),
    // carrying the authorization request; the consent screen then sends the browser to the client.
    const redirect = oauth ? `${webOrigin}${AUTH_PATHS.consent}?${consentQuery(oauth)}` : null;
    return { token, user: presentUser(user), oauth_mode: oauth !== null, redirect };
  }

  /**
   * Rotates a token: accepts a well-signed token even if expired, provided its session is live;
   * records the activity and returns a fresh token for the same session.
   */
  async refresh(token: string | null): Promise<string> {
    if (!token) throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.authorizationRequired);
    const verified = await this.tokens.verifyIgnoringExpiry(token);
    if (!verified.ok) throw unauthorized(ERROR_CODE.invalidToken, API_MSG.invalidToken);
    const live = await this.sessions.findLive(verified.claims.sid);
    if (!live || live.user.id !== verified.claims.sub) {
      throw unauthorized(ERROR_CODE.authorizationRequired, API_MSG.sessionEnded);
    }
    await this.sessions.touch(live.session, true);
    return this.tokens.sign({ sub: live.user.id, sid: live.session.id, role: live.user.role });
  }

  async logout(sessionId: string, userId: string, context: AuditContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      const revoked = await this.sessions.revoke(sessionId, userId, tx);
      if (!revoked) throw new HttpError(401, ERROR_CODE.authorizationRequired, 'Session already ended');
      await this.audit.record(tx, context, {
        action: 'auth.sign_out',
        entity: { type: 'session', id: sessionId },
      });
    });
  }
}
