import type { ContactBody, PageQuery } from '@isaac/contract';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listPage, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { presentContactMessage } from './presenter.ts';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

/** Stored contact-form messages (POST /api/contact) and the admin list. */
export class ContactService {
  constructor(private readonly db: Db) {}

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

  /** GET /api/admin/contact-messages: newest first, one page. */
  async list(query: PageQuery) {
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ message: contactMessages, total: totalCount() })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, () => this.db.$count(contactMessages));
    return listPage(
      'contact_messages',
      rows.map((r) => presentContactMessage(r.message)),
      query,
      total,
    );
  }
}
