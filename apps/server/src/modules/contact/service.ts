import { type ContactBody, type ContactMessage, type PageQuery } from '@isaac/contract';
import { count, desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
  async list(query: PageQuery): Promise<{ messages: ContactMessage[]; total: number }> {
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(contactMessages)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      this.db.select({ total: count() }).from(contactMessages),
    ]);
    return { messages: rows.map(presentContactMessage), total: totals?.total ?? 0 };
  }
}
