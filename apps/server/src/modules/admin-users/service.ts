import {
  ERROR_CODE,
  ROLE,
  type AdminUserCreate,
  type AdminUserList,
  type AdminUserListQuery,
  type AdminUserUpdate,
  type EndSessionsResponse,
  type User,
  ADMIN_MSG,
} from '@isaac/contract';
import {
  and,
  asc,
  count,
  eq,
  ilike,
  ne,
  or,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { users, type UserRow } from '../../db/schema/index.ts';
import { forbidden, HttpError, notFound, type ErrorDetail } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { CurrentSession, SessionService } from '../auth/sessions.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { presentUser } from '../users/presenter.ts';
import { createUser, deleteUser, updateUser } from '../users/store.ts';
import { releaseAllOf } from '../devices/store.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { Statements } from '../../db/statements.ts';
import { usersCount, type RowCounts } from '../stats/row-counts.ts';

export const ADMIN_USER_MESSAGES = {
  notFound: 'User not found',
  emailTaken: 'A user with this email already exists',
  usernameTaken: 'A user with this username already exists',
  selfDelete: 'You cannot delete your own account',
  selfDemote: 'You cannot remove your own admin role',
  selfDeactivate: 'You cannot deactivate your own account',
  lastAdmin: 'At least one active admin must remain',
  deleted: ADMIN_MSG.userDeleted,
} as const;

/** A 409 naming the field that is taken, so a form can show it beside that field. */
function taken(field: 'email' | 'username'): HttpError {
  const message = field === 'email' ? ADMIN_USER_MESSAGES.emailTaken : ADMIN_USER_MESSAGES.usernameTaken;
  const details: ErrorDetail[] = [{ path: field, message }];
  return new HttpError(409, ERROR_CODE.conflict, message, details);
}

/** Which field a unique violation of `users` is about (its constraint name), when it is one. */
function takenFieldOf(error: unknown): 'email' | 'username' | null {
  if (!isUniqueViolation(error)) return null;
  for (let e: unknown = error, depth = 0; e instanceof Object && depth < 4; depth += 1) {
    if ('constraint' in e && typeof e.constraint === 'string') {
      return e.constraint === 'users_username_unique' ? 'username' : 'email';
    }
    e = 'cause' in e ? e.cause : undefined;
  }
  return 'email';
}

/** The fields of a user an admin changes, as the activity log records them (never the password hash). */
const AUDITED_USER_FIELDS = ['name', 'email', 'username', 'mobile', 'role', 'status'] as const;
type AuditedUser = Pick<UserRow, (typeof AUDITED_USER_FIELDS)[number]>;

/** Which filters a user-list query has (their values are parameters) and its order. */
interface UserListShape {
  search: boolean;
  role: boolean;
  status: 'active' | 'inactive' | null;
  sort: AdminUserListQuery['sort'];
  order: AdminUserListQuery['order'];
}

/** The column of each sort the list offers (names and e-mails without regard to case). */
const USER_SORT_COLUMNS: Record<AdminUserListQuery['sort'], AnyColumn | SQL> = {
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  mobile: users.mobile,
  role: users.role,
  status: users.status,
  created_at: users.createdAt,
};

/** The list's conditions for a shape, with values or placeholders. */
function userListWhere(
  shape: UserListShape,
  refs: { pattern: string | Placeholder; role: number | Placeholder | undefined },
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (shape.search) conditions.push(or(ilike(users.name, refs.pattern), ilike(users.email, refs.pattern)));
  if (shape.role) conditions.push(sql`${users.role} = ${refs.role}`);
  if (shape.status === 'active') conditions.push(eq(users.status, 'active'));
  if (shape.status === 'inactive') conditions.push(ne(users.status, 'active'));
  return and(...conditions);
}

const isActiveAdmin = (row: Pick<UserRow, 'role' | 'status'>) =>
  row.role === ROLE.admin && row.status === 'active';

/**
 * Admin user management (issue 10): list with search and filters, add, edit (role, status), delete,
 * end a user's sessions. Every mutation runs in one transaction. Rules:
 * - an admin cannot delete themself, demote themself or deactivate themself (403);
 * - the last active admin cannot be removed, demoted or deactivated (409), also when two admins act
 *   on each other at once: the target and every active admin are locked in id order first;
 * - a role change, a deactivation or a deletion ends the user's sessions in the same transaction
 *   (the next request with an old token is a 401);
 * - deleting an owner keeps their devices, which become available (user_id null, no room); their
 *   orders are not linked to the account and stay;
 * - every change is recorded in the activity log in its transaction (ADR 026): created, updated (with a
 *   separate `user.role_changed` when the role moves), deleted, sessions ended.
 */
export class AdminUserService {
  /**
   * The list as one prepared statement per filter shape: with a search, the trigram indexes find the
   * matches (a few), which are sorted and counted together (`count(*) over ()`); without one, the page is
   * read straight off users_created_idx / users_role_created_idx and the total is a sum of the
   * trigger-kept row counts (ADR 032), in the same statement.
   */
  private readonly listStatements = new Statements('admin_users', (shape: UserListShape, name) => {
    const refs = { pattern: sql.placeholder('pattern'), role: sql.placeholder('role') };
    return (
      this.db
        .select({
          user: users,
          total: shape.search
            ? totalCount()
            : usersCount({
                role: shape.role ? refs.role : undefined,
                active: shape.status === null ? undefined : shape.status === 'active',
              }),
        })
        .from(users)
        .where(userListWhere(shape, refs))
        // Newest first is the index order (DESC NULLS LAST): that page is read straight off users_created_idx.
        .orderBy(...sortedBy(USER_SORT_COLUMNS, shape, users.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name)
    );
  });

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly audit: AuditLog,
    private readonly counts: RowCounts,
    private readonly now: () => Date,
  ) {}

  /** One page in the query's order (newest first by default) and the filtered total: one prepared statement. */
  async list(query: AdminUserListQuery): Promise<AdminUserList> {
    const shape: UserListShape = {
      search: query.search !== undefined && query.search !== '',
      role: query.role !== undefined,
      status: query.status ?? null,
      sort: query.sort,
      order: query.order,
    };
    const rows = await this.listStatements.get(shape).execute({
      pattern: shape.search ? containsPattern(query.search ?? '') : null,
      role: query.role ?? null,
      ...pageWindow(query),
    });
    const total = await pageTotal(rows, query, () => this.count(shape, query));
    return listPage(
      'users',
      rows.map((r) => presentUser(r.user)),
      query,
      total,
    );
  }

  private async count(shape: UserListShape, query: AdminUserListQuery): Promise<number> {
    const refs = { pattern: containsPattern(query.search ?? ''), role: query.role };
    const [row] = await this.db.select({ total: count() }).from(users).where(userListWhere(shape, refs));
    return row?.total ?? 0;
  }

  async create(input: AdminUserCreate, context: AuditContext): Promise<User> {
    // Hashing takes tens of milliseconds: done before the transaction, which then holds no lock meanwhile.
    const passwordHash = await hashPassword(input.password);
    const at = this.now();
    const row = await this.db
      .transaction(async (tx) => {
        await this.assertAvailable(tx, input.email, input.username, null);
        const inserted = await createUser(tx, {
          name: input.name,
          email: input.email,
          username: input.username,
          passwordHash,
          mobile: input.mobile,
          role: input.role,
          status: 'active',
          createdAt: at,
          updatedAt: at,
        });
        await this.audit.record(tx, context, {
          action: 'user.created',
          entity: { type: 'user', id: inserted.id, name: inserted.name },
          changes: changesBetween<AuditedUser>(null, inserted, AUDITED_USER_FIELDS),
        });
        return inserted;
      })
      .catch(rethrowTaken);
    return presentUser(row);
  }

  async update(
    actor: CurrentSession,
    userId: string,
    input: AdminUserUpdate,
    context: AuditContext,
  ): Promise<User> {
    const row = await this.db
      .transaction(async (tx) => {
        const { target, otherActiveAdmins } = await this.lockTarget(tx, userId);
        if (target.id === actor.userId) {
          if (input.role !== ROLE.admin) throw forbidden(ADMIN_USER_MESSAGES.selfDemote);
          if (input.status !== 'active') throw forbidden(ADMIN_USER_MESSAGES.selfDeactivate);
        }
        const staysActiveAdmin = input.role === ROLE.admin && input.status === 'active';
        if (isActiveAdmin(target) && !staysActiveAdmin && otherActiveAdmins === 0) {
          throw new HttpError(409, ERROR_CODE.conflict, ADMIN_USER_MESSAGES.lastAdmin);
        }
        await this.assertAvailable(tx, input.email, input.username, target.id);
        const updated = await updateUser(
          tx,
          target.id,
          {
            name: input.name,
            email: input.email,
            username: input.username,
            mobile: input.mobile,
            role: input.role,
            status: input.status,
          },
          this.now(),
        );
        if (!updated) throw notFound(ADMIN_USER_MESSAGES.notFound);
        const deactivated = target.status === 'active' && input.status !== 'active';
        if (target.role !== input.role || deactivated)
          await this.sessions.revokeAllOf(target.id, undefined, tx);
        const changes = changesBetween<AuditedUser>(target, updated, AUDITED_USER_FIELDS);
        const entity = { type: 'user', id: updated.id, name: updated.name } as const;
        if (changes.role) {
          await this.audit.record(tx, context, {
            action: 'user.role_changed',
            entity,
            changes: { role: changes.role },
          });
          delete changes.role;
        }
        if (Object.keys(changes).length > 0) {
          await this.audit.record(tx, context, { action: 'user.updated', entity, changes });
        }
        return updated;
      })
      .catch(rethrowTaken);
    return presentUser(row);
  }

  async remove(actor: CurrentSession, userId: string, context: AuditContext): Promise<string> {
    await this.db.transaction(async (tx) => {
      const { target, otherActiveAdmins } = await this.lockTarget(tx, userId);
      if (target.id === actor.userId) throw forbidden(ADMIN_USER_MESSAGES.selfDelete);
      if (isActiveAdmin(target) && otherActiveAdmins === 0) {
        throw new HttpError(409, ERROR_CODE.conflict, ADMIN_USER_MESSAGES.lastAdmin);
      }
      // The owner's devices stay and become available; their rooms go with the account.
      await releaseAllOf(tx, target.id, this.now());
      // Sessions are deleted with the account (ON DELETE CASCADE): its tokens answer 401 from now on.
      await deleteUser(tx, target.id);
      await this.audit.record(tx, context, {
        action: 'user.deleted',
        entity: { type: 'user', id: target.id, name: target.name },
        changes: changesBetween<AuditedUser>(target, null, AUDITED_USER_FIELDS),
      });
    });
    return ADMIN_USER_MESSAGES.deleted;
  }

  /** Ends every session of a user (an admin ending their own keeps the one making this call). */
  async endSessions(
    actor: CurrentSession,
    userId: string,
    context: AuditContext,
  ): Promise<EndSessionsResponse> {
    const ended = await this.db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!target) throw notFound(ADMIN_USER_MESSAGES.notFound);
      const keep = target.id === actor.userId ? actor.sessionId : undefined;
      const count = await this.sessions.revokeAllOf(target.id, keep, tx);
      await this.audit.record(tx, context, {
        action: 'user.sessions_ended',
        entity: { type: 'user', id: target.id, name: target.name },
        changes: { sessions_ended: { before: null, after: count } },
      });
      return count;
    });
    return { message: ADMIN_MSG.userSessionsEnded(ended), sessions_ended: ended };
  }

  /**
   * Locks the target and every active admin, in id order (two admins acting on each other at once wait
   * for each other instead of deadlocking), and counts the active admins other than the target.
   */
  private async lockTarget(tx: Tx, userId: string): Promise<{ target: UserRow; otherActiveAdmins: number }> {
    const rows = await tx
      .select()
      .from(users)
      .where(or(eq(users.id, userId), and(eq(users.role, ROLE.admin), eq(users.status, 'active'))))
      .orderBy(asc(users.id))
      .for('update');
    const target = rows.find((row) => row.id === userId);
    if (!target) throw notFound(ADMIN_USER_MESSAGES.notFound);
    const otherActiveAdmins = rows.filter((row) => row.id !== userId && isActiveAdmin(row)).length;
    return { target, otherActiveAdmins };
  }

  /** 409 when another user (not `exceptId`) has this e-mail or username. */
  private async assertAvailable(tx: Tx, email: string, username: string, exceptId: string | null) {
    const sameKey = or(eq(users.email, email), eq(users.username, username));
    const rows = await tx
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(exceptId === null ? sameKey : and(sameKey, ne(users.id, exceptId)))
      .limit(2);
    if (rows.some((row) => row.email === email)) throw taken('email');
    if (rows.some((row) => row.username === username)) throw taken('username');
  }
}

/** A unique violation that raced past `assertAvailable` is the same 409. */
function rethrowTaken(error: unknown): never {
  const field = takenFieldOf(error);
  throw field ? taken(field) : error;
}
