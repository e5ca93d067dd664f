import type { Db } from '../../db/client.ts';
import { newsletterSubscriptions } from '../../db/schema/index.ts';

/** Newsletter subscriptions: one row per e-mail (lower-cased). */
export class NewsletterService {
  constructor(private readonly db: Db) {}

  /** Subscribes `email`; false when it was already subscribed (INSERT … ON CONFLICT DO NOTHING). */
  async subscribe(email: string): Promise<boolean> {
    const inserted = await this.db
      .insert(newsletterSubscriptions)
      .values({ email: email.trim().toLowerCase() })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning({ id: newsletterSubscriptions.id });
    return inserted.length > 0;
  }
}
