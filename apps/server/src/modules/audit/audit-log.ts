import type {
  ActivityPage,
  ActivityQuery,
  AuditAction,
  AuditChange,
  AuditChannel,
  AuditEntityType,
} from '@isaac/contract';
import { and, eq, gte, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { newestFirst } from '../../db/pagination.ts';
import { auditLog, type NewAuditLogRow } from '../../db/schema/index.ts';
import { channelOf } from '../../plugins/channel.ts';
import { badRequest } from '../../plugins/errors.ts';
import { presentAuditEntry } from './presenter.ts';

export const AUDIT_MESSAGES = {
  badCursor: 'Invalid cursor: use the next_cursor of the previous page',
} as const;

/** Who acted (copied into the record: it outlives the user), or null for the system itself. */
export interface AuditActor {
  id: string;
  name: string | null;
  role: number | null;
}

/** Where and how an action arrived: the actor, the channel, and the request's address and id. */
export interface AuditContext {
  actor: AuditActor | null;
  channel: AuditChannel;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  entity: { type: AuditEntityType; id?: string | null; name?: string | null };
  changes?: Record<string, AuditChange>;
}

/** Field names whose values are never recorded, only that they changed. */
const SECRET_FIELD = /pass(word)?|secret|token|hash|recovery|otp|totp|pin\b|key$/i;
export const REDACTED = '[redacted]';

/**
 * The changed fields between two versions of a record, as {field: {before, after}}: only `fields`
 * are compared; a secret field (password, secret, token, hash, …) is recorded as changed, never its value.
 */
export function changesBetween<T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T> | null,
  fields: readonly (keyof T & string)[],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    const was = before?.[field] ?? null;
    const is = after?.[field] ?? null;
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    changes[field] = SECRET_FIELD.test(field)
      ? { before: was === null ? null : REDACTED, after: is === null ? null : REDACTED }
      : { before: was, after: is };
  }
  return changes;
}

/** The audit context of a request: its signed-in caller (if any), channel, address, agent and id. */
export function auditContextOf(
  request: FastifyRequest,
  channel: AuditChannel = channelOf(request),
): AuditContext {
  const user = request.authUser;
  const auth = request.auth;
  return {
    actor: user
      ? { id: user.id, name: user.name, role: user.role }
      : auth
        ? { id: auth.userId, name: null, role: auth.role }
        : null,
    channel,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    requestId: request.id ?? null,
  };
}

/** Work done by the system itself (jobs, webhooks without a user). */
export const SYSTEM_CONTEXT: AuditContext = {
  actor: null,
  channel: 'system',
  ip: null,
  userAgent: null,
  requestId: null,
};

/** The fields every entry sets (`AuditLog.row`): the columns of the insert template. */
const AUDIT_FIELDS = [
  'at',
  'actorId',
  'actorName',
  'actorRole',
  'action',
  'entityType',
  'entityId',
  'entityName',
  'changes',
  'channel',
  'ip',
  'userAgent',
  'requestId',
] as const satisfies readonly (keyof NewAuditLogRow)[];
type AuditField = (typeof AUDIT_FIELDS)[number];
const AUDIT_TEMPLATE = Object.fromEntries(
  AUDIT_FIELDS.map((field) => [field, sql.placeholder(`audit_${field}`)]),
) as Record<AuditField, Placeholder>;

interface Cursor {
  at: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      !Number.isNaN(Date.parse(parsed[0]))
    ) {
      return { at: parsed[0], id: parsed[1] };
    }
  } catch {
    // falls through to the 400
  }
  throw badRequest(AUDIT_MESSAGES.badCursor);
}

/**
 * The one way every module records what happened (issue 10 "Activity"): `record(tx, context, event)`
 * inside the transaction of the change it describes, so a change and its record commit or fail
 * together. The table is append-only (a database trigger refuses UPDATE, DELETE and TRUNCATE).
 */
export class AuditLog {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async record(executor: Db | Tx, context: AuditContext, event: AuditEvent): Promise<void> {
    await this.insertMany(executor, [{ context, event }]);
  }

  /**
   * The entry's INSERT with every value a placeholder (`audit_<field>`), for a statement built once that
   * also makes the change it records (a CTE: one round trip, one atomic statement; ADR 039, ADR 040);
   * `templateValues` gives the values of one entry.
   */
  insertTemplate(executor: Db | Tx) {
    return executor.insert(auditLog).values(AUDIT_TEMPLATE);
  }

  /** Many entries' INSERT (a statement that records a batch, as a data-modifying CTE of its change). */
  insertMany(executor: Db | Tx, entries: ReadonlyArray<{ context: AuditContext; event: AuditEvent }>) {
    return executor.insert(auditLog).values(entries.map(({ context, event }) => this.row(context, event)));
  }

  templateValues(context: AuditContext, event: AuditEvent): Record<string, unknown> {
    const row = this.row(context, event);
    return Object.fromEntries(AUDIT_FIELDS.map((field) => [`audit_${field}`, row[field]]));
  }

  private row(context: AuditContext, event: AuditEvent): Required<Pick<NewAuditLogRow, AuditField>> {
    return {
      at: this.now(),
      actorId: context.actor?.id ?? null,
      actorName: context.actor?.name ?? null,
      actorRole: context.actor?.role ?? null,
      action: event.action,
      entityType: event.entity.type,
      entityId: event.entity.id ?? null,
      entityName: event.entity.name ?? null,
      changes: event.changes ?? {},
      channel: context.channel,
      ip: context.ip,
      userAgent: context.userAgent,
      requestId: context.requestId,
    };
  }

  /** GET /api/admin/activity: newest first (or oldest first), filtered, keyset-paginated on (at, id). */
  async list(query: ActivityQuery): Promise<ActivityPage> {
    const where: SQL[] = [];
    if (query.actor_id !== undefined) where.push(eq(auditLog.actorId, query.actor_id));
    if (query.action !== undefined) where.push(eq(auditLog.action, query.action));
    if (query.entity_type !== undefined) where.push(eq(auditLog.entityType, query.entity_type));
    if (query.entity_id !== undefined) where.push(eq(auditLog.entityId, query.entity_id));
    if (query.channel !== undefined) where.push(eq(auditLog.channel, query.channel));
    if (query.from !== undefined) where.push(gte(auditLog.at, new Date(query.from)));
    if (query.to !== undefined) where.push(lte(auditLog.at, new Date(query.to)));
    const oldestFirst = query.order === 'asc';
    if (query.cursor !== undefined) {
      const cursor = decodeCursor(query.cursor);
      // The cursor carries the database's own text of `at` (microseconds), so no row is skipped or repeated.
      const after = sql`(${cursor.at}::timestamptz, ${cursor.id})`;
      where.push(
        oldestFirst
          ? sql`(${auditLog.at}, ${auditLog.id}) > ${after}`
          : sql`(${auditLog.at}, ${auditLog.id}) < ${after}`,
      );
    }
    const rows = await this.db
      .select({ row: auditLog, atText: sql<string>`${auditLog.at}::text` })
      .from(auditLog)
      .where(and(...where))
      // The indexes' own order (DESC NULLS LAST), or it read backwards (ASC NULLS FIRST); both columns are NOT
      // NULL, so the same rows: the page is read straight off audit_log_at_idx (or the filter's index)
      // instead of sorting every matching row.
      .orderBy(
        ...(oldestFirst
          ? [sql`${auditLog.at} asc nulls first`, sql`${auditLog.id} asc nulls first`]
          : newestFirst(auditLog.at, auditLog.id)),
      )
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      entries: page.map((r) => presentAuditEntry(r.row)),
      next_cursor:
        rows.length > query.limit && last ? encodeCursor({ at: last.atText, id: last.row.id }) : null,
    };
  }
}
