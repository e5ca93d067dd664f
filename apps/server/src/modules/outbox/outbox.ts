import {
  DEFAULT_LANGUAGE,
  type OutboxList,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxMessageDetail,
} from '@isaac/contract';
import { and, eq, ilike, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import type { AuditContext, AuditLog } from '../audit/audit-log.ts';
import type { OutgoingEmail } from './emails.ts';
import { presentOutboxDetail, presentOutboxMessage } from './presenter.ts';
import { renderEmail } from './templates.ts';
import { languageOfAddress } from '../users/store.ts';
import { every } from '../../jobs.ts';
import type { JobLeases } from '../../leases.ts';

export const OUTBOX_MESSAGES = {
  notFound: 'E-mail not found',
  notFailed: 'Only an e-mail that failed can be sent again.',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The column of each sort of the outbox list (addresses and subjects without regard to case). */
const OUTBOX_SORT_COLUMNS: Record<OutboxListQuery['sort'], AnyColumn | SQL> = {
  created_at: emailOutbox.createdAt,
  to: sql`lower(${emailOutbox.to})`,
  subject: sql`lower(${emailOutbox.subject})`,
  kind: emailOutbox.kind,
  state: emailOutbox.state,
  attempts: emailOutbox.attempts,
};

/** The list's columns: everything but the bodies. */
const summaryColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  state: emailOutbox.state,
  attempts: emailOutbox.attempts,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  lastError: emailOutbox.lastError,
  sentAt: emailOutbox.sentAt,
  createdAt: emailOutbox.createdAt,
};

/**
 * The e-mail outbox (issue 15): an e-mail is rendered and written here in the same transaction as the
 * change that causes it (`enqueue`), so it exists exactly when the change does; the OutboxWorker delivers
 * pending ones through SMTP when SMTP_URL is set, otherwise they stay here for the admins' Outbox screen.
 */
export class EmailOutbox {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
    /** Whether a worker delivers the outbox (SMTP_URL is set). */
    readonly delivering: boolean,
  ) {}

  /**
   * Renders `email` and writes it to the outbox through `executor` (the caller's transaction: rolled back
   * with it), due at once. Returns the message's id.
   */
  async enqueue(executor: Db | Tx, email: OutgoingEmail): Promise<string> {
    // In the recipient's language when the address is an account whose user chose one (ADR 073).
    const language = email.language ?? (await languageOfAddress(executor, email.to)) ?? DEFAULT_LANGUAGE;
    const rendered = renderEmail(email, language);
    const [row] = await executor
      .insert(emailOutbox)
      .values({ kind: email.kind, to: email.to, ...rendered, nextAttemptAt: this.now() })
      .returning({ id: emailOutbox.id });
    if (!row) throw new Error('email_outbox insert returned no row');
    this.log.info(
      { outboxId: row.id, kind: email.kind, to: email.to, subject: rendered.subject },
      this.delivering
        ? 'e-mail queued for delivery'
        : 'e-mail kept in the outbox (SMTP_URL is not set): see Outbox in the admin area',
    );
    return row.id;
  }

  /**
   * GET /api/admin/outbox: in the query's order (newest first by default), one page with its total; by state;
   * search recipient or subject.
   */
  async list(query: OutboxListQuery): Promise<OutboxList> {
    const conditions: SQL[] = [];
    if (query.state) conditions.push(eq(emailOutbox.state, query.state));
    if (query.search) {
      const pattern = containsPattern(query.search);
      const match = or(ilike(emailOutbox.to, pattern), ilike(emailOutbox.subject, pattern));
      if (match) conditions.push(match);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ ...summaryColumns, total: totalCount() })
      .from(emailOutbox)
      .where(where)
      .orderBy(...sortedBy(OUTBOX_SORT_COLUMNS, query, emailOutbox.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(emailOutbox, where));
    return {
      ...listPage('messages', rows.map(presentOutboxMessage), query, total),
      delivering: this.delivering,
    };
  }

  /** GET /api/admin/outbox/:id: the message with its HTML and plain text; 404 when there is none. */
  async detail(id: string): Promise<OutboxMessageDetail> {
    const [row] = await this.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
    if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
    return presentOutboxDetail(row);
  }

  /**
   * POST /api/admin/outbox/:id/retry: a failed message goes back to pending, due now, with a fresh round of
   * attempts (its last error stays until the next attempt). Anything but a failed message is a 409.
   */
  async retry(id: string, context: AuditContext): Promise<OutboxMessage> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({
          id: emailOutbox.id,
          state: emailOutbox.state,
          subject: emailOutbox.subject,
          to: emailOutbox.to,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id))
        .limit(1)
        .for('update');
      if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
      if (row.state !== 'failed') throw conflict(OUTBOX_MESSAGES.notFailed);
      const [updated] = await tx
        .update(emailOutbox)
        .set({ state: 'pending', attempts: 0, nextAttemptAt: this.now(), updatedAt: this.now() })
        .where(eq(emailOutbox.id, id))
        .returning(summaryColumns);
      if (!updated) throw notFound(OUTBOX_MESSAGES.notFound);
      // Recorded with the subject and the recipient, never the body (it may hold an invitation link).
      await this.audit.record(tx, context, {
        action: 'email.resent',
        entity: { type: 'email', id, name: `${row.subject} → ${row.to}` },
        changes: { state: { before: 'failed', after: 'pending' } },
      });
      this.log.info({ outboxId: id }, 'failed e-mail queued again');
      return presentOutboxMessage(updated);
    });
  }
  /**
   * Deletes the e-mails that ended (sent, or failed for good) more than `retentionDays` ago: their bodies
   * hold names, addresses and links nobody needs after that. Pending ones are kept whatever their age.
   * Returns how many were deleted.
   */
  async prune(retentionDays: number): Promise<number> {
    const cutoff = new Date(this.now().getTime() - retentionDays * DAY_MS);
    const deleted = await this.db
      .delete(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.state, 'sent'), lt(emailOutbox.sentAt, cutoff)),
          and(eq(emailOutbox.state, 'failed'), lt(emailOutbox.updatedAt, cutoff)),
        ),
      )
      .returning({ id: emailOutbox.id });
    return deleted.length;
  }

  /** Runs `prune` now and every `everyMs` (default daily); the returned function stops it. */
  schedulePruning(retentionDays: number, everyMs = DAY_MS, leases: JobLeases | null = null): () => void {
    const run = async () => {
      const deleted = await this.prune(retentionDays);
      if (deleted > 0) this.log.info({ deleted, retentionDays }, 'old e-mails deleted from the outbox');
    };
    return every('outbox pruning', everyMs, run, this.log, { immediately: true, leases });
  }
}
