import {
  API_MSG,
  type AdminContactListQuery,
  type ContactBody,
  type ContactHandledBody,
  type ContactMessage,
} from '@isaac/contract';
import { and, eq, ilike, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { listPage, pageTotal, pageWindow, sortedBy, totalCount } from '../../db/pagination.ts';
import { contactMessages, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { changesBetween, type AuditContext, type AuditLog } from '../audit/audit-log.ts';
import { presentContactMessage } from './presenter.ts';

export const CONTACT_MESSAGES = {
  notFound: API_MSG.contactMessageNotFound,
} as const;

/** The column of each sort of the admin's message list (names and e-mails without regard to case). */
const CONTACT_SORT_COLUMNS: Record<AdminContactListQuery['sort'], AnyColumn | SQL> = {
  created_at: contactMessages.createdAt,
  name: sql`lower(${contactMessages.name})`,
  email: sql`lower(${contactMessages.email})`,
  subject: contactMessages.subject,
};

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** Stored contact-form messages (POST /api/contact), the admin list and marking one handled. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => Date,
  ) {}

  /** Stores a validated message with the sender's IP and user agent. */
  async store(body: ContactBody, meta: RequestMeta): Promise<void> {
    await this.db.insert(contactMessages).values({
      name: body.name.trim(),
      email: body.email.trim(),
      subject: body.subject,
      message: body.message.trim(),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
  }

  /**
   * GET /api/admin/contact-messages: in the query's order (newest first by default), one page with its total; `state` open (waiting, on
   * contact_messages_open_idx) or handled; `subject` one subject (the Quotes screen's leads); `search` a
   * substring of the name or e-mail (trigram indexes).
   */
  async list(query: AdminContactListQuery) {
    const conditions: SQL[] = [];
    if (query.state === 'open') conditions.push(isNull(contactMessages.handledAt));
    if (query.state === 'handled') conditions.push(isNotNull(contactMessages.handledAt));
    if (query.subject) conditions.push(eq(contactMessages.subject, query.subject));
    if (query.search) {
      const pattern = containsPattern(query.search);
      const match = or(ilike(contactMessages.name, pattern), ilike(contactMessages.email, pattern));
      if (match) conditions.push(match);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ message: contactMessages, handledBy: users.name, total: totalCount() })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledBy))
      .where(where)
      .orderBy(...sortedBy(CONTACT_SORT_COLUMNS, query, contactMessages.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(contactMessages, where));
    return listPage(
      'contact_messages',
      rows.map((r) => presentContactMessage(r.message, r.handledBy)),
      query,
      total,
    );
  }

  /**
   * POST /api/admin/contact-messages/:id/handled: marks a message handled by the admin (or open again),
   * recorded in the activity log in the same transaction. Marking it as it already is changes nothing.
   */
  async setHandled(id: string, body: ContactHandledBody, context: AuditContext): Promise<ContactMessage> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, id))
        .limit(1)
        .for('update');
      if (!before) throw notFound(CONTACT_MESSAGES.notFound);
      if ((before.handledAt !== null) === body.handled) return this.present(tx, before.id);
      const handledAt = body.handled ? this.now() : null;
      const handledBy = body.handled ? (context.actor?.id ?? null) : null;
      await tx.update(contactMessages).set({ handledAt, handledBy }).where(eq(contactMessages.id, before.id));
      await this.audit.record(tx, context, {
        action: 'contact_message.handled',
        entity: { type: 'contact_message', id: before.id, name: before.name },
        changes: changesBetween({ handled: before.handledAt !== null }, { handled: body.handled }, [
          'handled',
        ]),
      });
      return this.present(tx, before.id);
    });
  }

  /**
   * Marks the lead a quote answers handled (as the Messages screen's "Mark handled" does, with its activity
   * record); a lead already handled stays as it is. An unknown lead is a 404.
   */
  async markLeadHandled(tx: Tx, id: string, context: AuditContext, now: Date): Promise<void> {
    const [lead] = await tx
      .select({ id: contactMessages.id, name: contactMessages.name })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .limit(1);
    if (!lead) throw notFound(CONTACT_MESSAGES.notFound);
    const [handled] = await tx
      .update(contactMessages)
      .set({ handledAt: now, handledBy: context.actor?.id ?? null })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
      .returning({ id: contactMessages.id });
    if (!handled) return;
    await this.audit.record(tx, context, {
      action: 'contact_message.handled',
      entity: { type: 'contact_message', id: lead.id, name: lead.name },
      changes: { handled: { before: false, after: true } },
    });
  }

  private async present(tx: Tx, id: string): Promise<ContactMessage> {
    const [row] = await tx
      .select({ message: contactMessages, handledBy: users.name })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledBy))
      .where(eq(contactMessages.id, id))
      .limit(1);
    if (!row) throw notFound(CONTACT_MESSAGES.notFound);
    return presentContactMessage(row.message, row.handledBy);
  }
}
