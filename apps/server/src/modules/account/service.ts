import type { PasswordChange, ProfileUpdate, User } from '@isaac/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { badRequest, notFound, tooManyRequests } from '../../plugins/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { SessionService } from '../auth/sessions.ts';
import { PasswordThrottle, tryAgainIn } from '../auth/throttle.ts';
import { presentUser } from '../users/presenter.ts';
import { presentSession, type AccountSession } from './presenter.ts';

export const ACCOUNT_MESSAGES = {
  userNotFound: 'User not found',
  wrongPassword: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  sessionNotFound: 'Session not found',
  sessionEnded: 'Session ended',
  throttled: (seconds: number) => `Too many wrong passwords. ${tryAgainIn(seconds)}`,
} as const;

/** The signed-in user's own settings: profile, password, sessions (every role). */
export class AccountService {
  /** Wrong current passwords are throttled per user (guessing through this route; ADR 015). */
  private readonly throttle: PasswordThrottle;

  constructor(
    private readonly db: Db,
    private readonly sessionService: SessionService,
    private readonly now: () => Date,
    private readonly idleMinutes: number,
  ) {
    this.throttle = new PasswordThrottle(db, now);
  }

  async updateProfile(userId: string, input: ProfileUpdate): Promise<User> {
    const [row] = await this.db
      .update(users)
      .set({ name: input.name, mobile: input.mobile, updatedAt: this.now() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw notFound(ACCOUNT_MESSAGES.userNotFound);
    return presentUser(row);
  }

  /** Checks the current password, stores the new one, and ends every OTHER session of the user. */
  async changePassword(auth: AuthContext, input: PasswordChange): Promise<string> {
    const wait = await this.throttle.admit(auth.userId);
    if (wait > 0) throw tooManyRequests(ACCOUNT_MESSAGES.throttled(wait), wait);

    const [user] = await this.db
      .select({ passwordHash: users.passwordHash })
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
    await this.db.update(users).set({ passwordHash, updatedAt: this.now() }).where(eq(users.id, auth.userId));
    await this.sessionService.revokeAllOf(auth.userId, auth.sessionId);
    return ACCOUNT_MESSAGES.passwordChanged;
  }

  /** The caller's live sessions (not revoked, not expired, not idle too long), most recently used first. */
  async listSessions(auth: AuthContext): Promise<AccountSession[]> {
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
  async endSession(auth: AuthContext, sessionId: string): Promise<string> {
    const ended = await this.sessionService.revoke(sessionId, auth.userId);
    if (!ended) throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
    return ACCOUNT_MESSAGES.sessionEnded;
  }
}
