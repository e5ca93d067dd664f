import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { Read, ReadFields, ReadRow } from '../../db/reads.ts';
import { Statements } from '../../db/statements.ts';
import { sessions, users, type SessionRow, type UserRow } from '../../db/schema/index.ts';
import { type HomeMembershipJson, sessionMembership, sessionMembershipColumns } from '../../policy/policy.ts';

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
  /**
   * The user's live membership in the home the request names (else the one they chose last), read in the
   * same statement (issue 32, ADR 069); null when they have none.
   */
  home: HomeMembershipJson | null;
}

/** The caller as the sessions module knows them: the user, and the session of the request. */
export interface CurrentSession {
  userId: string;
  sessionId: string;
}

/** A read that carried the session check: the session and user it read, and its answer, decoded on demand. */
export interface ReadWithSession<T> extends LiveSession {
  decode(): Promise<T>;
}

/**
 * The session lookup as the start of a statement (ADR 041): `select session, user, …fields from sessions
 * join users … where sessions.id = :sessionId`, with the caller's current home membership joined laterally
 * as `membership` (one `home_members` read: the auth hook's home role, and every `SESSION_HOME` condition
 * of the read's fields). The session service's own lookup selects no more; a read (`db/reads.ts`) adds its
 * fields — sub-selects with their own placeholders — so the check and the read are one statement, one round
 * trip. (A read's fields are never named `session`, `user`, `homeId` or `homeRole`.)
 */
function selectWithSession<F extends ReadFields>(db: Db, fields: F) {
  return db
    .select({ session: sessions, user: users, ...sessionMembershipColumns, ...fields })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(sessionMembership(sessions.userId), sql`true`)
    .where(eq(sessions.id, sql.placeholder('sessionId')));
}

/** The membership the statement read (no home: null). */
function membershipOf(row: { homeId: string | null; homeRole: HomeMembershipJson['role'] | null }) {
  return row.homeId === null || row.homeRole === null ? null : { home_id: row.homeId, role: row.homeRole };
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
  /** Each read's statement with the session lookup, by the read's name (`read`). */
  private readonly reads = new Statements(
    'with_session',
    (read: Read<unknown>, name) => selectWithSession(this.db, read.fields()).prepare(name),
    (read) => read.key,
  );

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly policy: SessionPolicy,
  ) {
    this.liveStatement = Statements.one('session_live', (name) => selectWithSession(db, {}).prepare(name));
    this.touchStatement = Statements.one('session_touch', (name) =>
      db
        .update(sessions)
        // An ISO string cast by the database: the same value whichever driver sends it.
        .set({ lastSeenAt: sql`${sql.placeholder('at')}::timestamptz` })
        .where(eq(sessions.id, sql.placeholder('sessionId')))
        .prepare(name),
    );
  }

  /**
   * Runs `read` (a service's read, `db/reads.ts`) with the session `sessionId` in ONE statement, prepared
   * once per read key: the session and user it read — for the caller to check (`readAsCaller`) before
   * anything read is decoded — or undefined when there is no such session.
   */
  async read<T>(
    read: Read<T>,
    sessionId: string,
    homeId: string | null = null,
  ): Promise<ReadWithSession<T> | undefined> {
    const [row] = await this.reads.get(read).execute({ ...read.values, sessionId, homeId });
    if (!row) return undefined;
    return {
      session: row.session,
      user: row.user,
      home: membershipOf(row),
      decode: async () => read.decode(row as ReadRow<ReadFields>),
    };
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
  async findLive(sessionId: string, homeId: string | null = null): Promise<LiveSession | null> {
    const [row] = await this.liveStatement.execute({ sessionId, homeId });
    return this.liveOf(row && { session: row.session, user: row.user, home: membershipOf(row) });
  }

  /** The session and user a statement read (`read`, the live lookup) when that session is live; else null. */
  liveOf(row: LiveSession | undefined): LiveSession | null {
    if (!row || !this.isLive(row.session, row.user)) return null;
    return { session: row.session, user: row.user, home: row.home };
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
