import type { OtherSessionsEnded, PasswordChange, ProfilePatch, ProfileUpdate, User } from '@isaac/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { badRequest, notFound, tooManyRequests } from '../../plugins/errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { CurrentSession, SessionService } from '../auth/sessions.ts';
import { PasswordThrottle, tryAgainIn } from '../auth/throttle.ts';
import { presentUser } from '../users/presenter.ts';
import { setPasswordHash, updateUser } from '../users/store.ts';
import { presentSession, type AccountSession } from './presenter.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';

export const ACCOUNT_MESSAGES = {
  userNotFound: 'User not found',
  wrongPassword: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  sessionNotFound: 'Session not found',
  sessionEnded: 'Session ended',
  otherSessionsEnded: (count: number) =>
    count === 0
      ? 'No other sessions were signed in.'
      : `Signed out ${count} other session${count === 1 ? '' : 's'}.`,
  throttled: (seconds: number) => `Too many wrong passwords. ${tryAgainIn(seconds)}`,
} as const;

/**
 * The signed-in user's own settings: profile, password, sessions (every role). Each change is recorded
 * in the activity log in its transaction (never a password: only that it changed).
 */
export class AccountService {
  /** Wrong current passwords are throttled per user (guessing through this route; ADR 015). */
  private readonly throttle: PasswordThrottle;

  constructor(
    private readonly db: Db,
    private readonly sessionService: SessionService,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly idleMinutes: number,
    private readonly events: EventBus,
  ) {
    this.throttle = new PasswordThrottle(db, now);
  }

  async updateProfile(userId: string, input: ProfileUpdate, context: AuditContext): Promise<User> {
    return this.patchProfile(userId, { name: input.name, mobile: input.mobile }, context);
  }

  /**
   * Changes the given fields of the caller's profile (name, mobile, language: ADR 073); the others stay.
   * A change is recorded in the activity log in its transaction.
   */
  async patchProfile(userId: string, input: ProfilePatch, context: AuditContext): Promise<User> {
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ name: users.name, mobile: users.mobile, language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
        .for('update');
      if (!before) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      const updated = await updateUser(
        tx,
        userId,
        { name: input.name, mobile: input.mobile, language: input.language },
        this.now(),
      );
      if (!updated) throw notFound(ACCOUNT_MESSAGES.userNotFound);
      const changes = changesBetween(before, updated, ['name', 'mobile', 'language']);
      if (Object.keys(changes).length > 0) {
        await this.audit.record(tx, context, {
          action: 'user.updated',
          entity: { type: 'user', id: updated.id, name: updated.name },
          changes,
        });
      }
      return updated;
    });
    return presentUser(row);
  }

  /** Checks the current password, stores the new one, and ends every OTHER session of the user. */
  async changePassword(auth: CurrentSession, input: PasswordChange, context: AuditContext): Promise<string> {
    const wait = await this.throttle.admit(auth.userId);
    if (wait > 0) throw tooManyRequests(ACCOUNT_MESSAGES.throttled(wait), wait);

    const [user] = await this.db
      .select({ name: users.name, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, auth.userId))
      .limit(1);
    if (!user) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      throw badRequest(ACCOUNT_MESSAGES.wrongPassword, [
        { path: 'current_password', message: ACCOUNT_MESSAGES.wrongPassword },
      ]);
    }
    await this.throttle.succeeded(auth.userId);
    if (input.new_password === input.current_password) {
      throw badRequest(ACCOUNT_MESSAGES.samePassword, [
        { path: 'new_password', message: ACCOUNT_MESSAGES.samePassword },
      ]);
    }
    const passwordHash = await hashPassword(input.new_password);
    // The new password, the other sessions ended and the record: all or nothing.
    await this.db.transaction(async (tx) => {
      await setPasswordHash(tx, auth.userId, passwordHash, this.now());
      const ended = await this.sessionService.revokeAllOf(auth.userId, auth.sessionId, tx);
      await this.audit.record(tx, context, {
        action: 'auth.password_changed',
        entity: { type: 'user', id: auth.userId, name: user.name },
        changes: { sessions_ended: { before: null, after: ended } },
      });
      await this.events.publish('account.security_changed', {
        tx,
        userId: auth.userId,
        role: user.role,
        change: 'password_changed',
      });
    });
    return ACCOUNT_MESSAGES.passwordChanged;
  }

  /** The caller's live sessions (not revoked, not expired, not idle too long), most recently used first. */
  async listSessions(auth: CurrentSession): Promise<AccountSession[]> {
    const now = this.now();
    const rows = await this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, auth.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastSeenAt, new Date(now.getTime() - this.idleMinutes * 60_000)),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt))
      .limit(100);
    return rows.map((row) => presentSession(row, auth.sessionId));
  }

  /** Ends one of the caller's sessions (the current one too: that is signing out). Others' ids: 404. */
  async endSession(auth: CurrentSession, id: string, context: AuditContext): Promise<string> {
    await this.db.transaction(async (tx) => {
      const ended = await this.sessionService.revoke(id, auth.userId, tx);
      if (!ended) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
      await this.audit.record(tx, context, {
        action: 'session.revoked',
        entity: { type: 'session', id },
        changes: { current: { before: null, after: id === auth.sessionId } },
      });
    });
    return ACCOUNT_MESSAGES.sessionEnded;
  }

  /**
   * Ends every live session of the caller except the one making the request ("Sign out all other
   * sessions"), recorded with how many ended — in one transaction.
   */
  async endOtherSessions(auth: CurrentSession, context: AuditContext): Promise<OtherSessionsEnded> {
    const ended = await this.db.transaction(async (tx) => {
      const count = await this.sessionService.revokeAllOf(auth.userId, auth.sessionId, tx);
      await this.audit.record(tx, context, {
        action: 'session.others_revoked',
        entity: { type: 'user', id: auth.userId },
        changes: { sessions_ended: { before: null, after: count } },
      });
      return count;
    });
    return { message: ACCOUNT_MESSAGES.otherSessionsEnded(ended), sessions_ended: ended };
  }
}
