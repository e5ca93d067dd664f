import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.ts';

/** Lifetimes of a session (settings SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_DAYS). */
export interface SessionPolicy {
  idleMinutes: number;
  absoluteDays: number;
}

/** last_seen_at is written at most this often by ordinary requests (refresh always writes it). */
export const TOUCH_INTERVAL_MS = 60_000;

export interface LiveSession {
  session: SessionRow;
  user: UserRow;
}

/**
 * The session lookup as the start of a statement (ADR 041): `select session, user, …fields from sessions
 * join users … where sessions.id = :sessionId`. The session service's own lookup selects no more; a read
 * that carries the session check (plugins/auth.ts `readAsCaller`) adds its data as `fields` — sub-selects
 * with their own placeholders — so the check and the read are one statement, one round trip.
 */
export function selectWithSession<F extends Record<string, SQL | SQL.Aliased>>(db: Db, fields: F) {
  return db
    .select({ session: sessions, user: users, ...fields })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')));
}

/**
 * Sessions are database rows: a sign-in creates one, the JWT names it, and every authenticated
 * request checks it is live (not revoked, not idle too long, not past its absolute end). That check
 * is read from the database on every request, never cached, so a revocation (logout, password
 * change, disabled account) applies to the very next request in every API process (ADR 017).
 * It is one primary-key read of the session joined with its user, a prepared statement (the SQL is
 * built once, and PostgreSQL parses and plans it once per connection); last_seen_at is written at
 * most once a minute per session.
 */
export class SessionService {
  private readonly liveStatement;
  private readonly touchStatement;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly policy: SessionPolicy,
  ) {
    this.liveStatement = selectWithSession(db, {}).prepare('session_live');
    this.touchStatement = db
      .update(sessions)
      // An ISO string cast by the database: the same value whichever driver sends it.
      .set({ lastSeenAt: sql`${sql.placeholder('at')}::timestamptz` })
      .where(eq(sessions.id, sql.placeholder('sessionId')))
      .prepare('session_touch');
  }

  /** Starts a session (in `executor`'s transaction when given, e.g. with the sign-in's audit record). */
  async create(
    userId: string,
    meta: { userAgent: string | null; ip: string | null },
    executor: Db | Tx = this.db,
  ): Promise<SessionRow> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + this.policy.absoluteDays * 24 * 60 * 60 * 1000);
    const [row] = await executor
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
    const [row] = await this.liveStatement.execute({ sessionId });
    return this.liveOf(row);
  }

  /** The session and user a statement read (`selectWithSession`) when that session is live; else null. */
  liveOf(row: LiveSession | undefined): LiveSession | null {
    if (!row || !this.isLive(row.session, row.user)) return null;
    return { session: row.session, user: row.user };
  }

  /** Records activity (keeps the idle lifetime going). `force` writes even if written recently. */
  async touch(session: SessionRow, force = false): Promise<void> {
    const now = this.now();
    if (!force && now.getTime() - session.lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return;
    await this.touchStatement.execute({ sessionId: session.id, at: now.toISOString() });
  }

  async revoke(sessionId: string, userId?: string, tx: Db | Tx = this.db): Promise<boolean> {
    const conditions = [eq(sessions.id, sessionId), isNull(sessions.revokedAt)];
    if (userId) conditions.push(eq(sessions.userId, userId));
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /**
   * Ends every session of a user except `keepSessionId` (e.g. after a password change). `tx`: the
   * transaction of the change that ends them (an admin's role change or deactivation), so both commit
   * or neither does.
   */
  async revokeAllOf(userId: string, keepSessionId?: string, tx: Db | Tx = this.db): Promise<number> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
    const rows = await tx
      .update(sessions)
      .set({ revokedAt: this.now() })
      .where(and(...conditions))
      .returning({ id: sessions.id });
    return rows.length;
  }
}
