import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.ts';

/** Lifetimes of a session (settings SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_DAYS). */
export interface SessionPolicy {
  idleMinutes: number;
  absoluteDays: number;
}

/** last_seen_at is written at most this often by ordinary requests (refresh always writes it). */
const TOUCH_INTERVAL_MS = 60_000;

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
}

/**
 * Sessions are database rows: a sign-in creates one, the JWT names it, and every authenticated
 * request checks it is live (not revoked, not idle too long, not past its absolute end).
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly policy: SessionPolicy,
  ) {}

  async create(userId: string, meta: { userAgent: string | null; ip: string | null }): Promise<SessionRow> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.policy.absoluteDays * 24 * 60 * 60 * 1000);
    const [row] = await this.db
      .insert(sessions)
      .values({
        userId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
        ip: meta.ip,
      })
      .returning();
    if (!row) throw new Error('session insert returned no row');
    return row;
  }

  isLive(session: SessionRow, user: UserRow): boolean {
    const now = this.now().getTime();
    if (session.revokedAt !== null) return false;
    if (session.expiresAt.getTime() <= now) return false;
    if (session.lastSeenAt.getTime() + this.policy.idleMinutes * 60_000 <= now) return false;
    return user.status === 'active';
  }

  /** The session with its user when it is live; null when unknown, revoked, idle, expired or the user is disabled. */
  async findLive(sessionId: string): Promise<LiveSession | null> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    if (!row || !this.isLive(row.session, row.user)) return null;
    return row;
  }

  /** Records activity (keeps the idle lifetime going). `force` writes even if written recently. */
  async touch(session: SessionRow, force = false): Promise<void> {
    const now = this.now();
    if (!force && now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }

  async revoke(sessionId: string, userId?: string): Promise<boolean> {
    const conditions = [eq(sessions.id, sessionId), isNull(sessions.revokedAt)];
    if (userId) conditions.push(eq(sessions.userId, userId));
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Ends every session of a user except `keepSessionId` (e.g. after a password change). */
  async revokeAllOf(userId: string, keepSessionId?: string): Promise<number> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.length;
  }
}
