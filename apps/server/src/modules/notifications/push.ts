import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { notifications, pushSubscriptions } from '../../db/schema/index.ts';
import { every } from '../../jobs.ts';
import type { JobLeases } from '../../leases.ts';

/** The VAPID key pair and contact the push services see (VAPID_*). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or https URL of whoever runs this server. */
  subject: string;
}

/** One browser's subscription, as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Where pushes go: the browsers' push services through `web-push`, or a recorder in tests. */
export interface PushSender {
  /** Resolves with the push service's status; rejects only when it could not be reached. */
  send(target: PushTarget, payload: string): Promise<{ statusCode: number }>;
}

/** Web Push (RFC 8030, 8291 encryption, 8292 VAPID) through the maintained `web-push` library. */
export class WebPushSender implements PushSender {
  constructor(
    private readonly vapid: VapidKeys,
    /** The TLS agent (tests: one that trusts a local push service's certificate). */
    private readonly agent?: Agent,
  ) {}

  async send(target: PushTarget, payload: string): Promise<{ statusCode: number }> {
    try {
      const result = await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: this.vapid,
          // A notification that could not be delivered within a day is stale.
          TTL: 24 * 60 * 60,
          timeout: 10_000,
          urgency: 'normal',
          ...(this.agent ? { agent: this.agent } : {}),
        },
      );
      return { statusCode: result.statusCode };
    } catch (error) {
      // web-push rejects on any non-2xx answer with the status attached: an answer, not a failure to reach.
      if (error instanceof webpush.WebPushError) return { statusCode: error.statusCode };
      throw error;
    }
  }
}

/** Notifications claimed per round. */
const BATCH = 50;

/**
 * Sends pending pushes (notifications written with push_state 'pending') to every browser of their person,
 * once across API processes (job lease `notifications.push`). A subscription whose push service answers
 * 404 or 410 is gone (the browser unsubscribed or expired) and is deleted; another failure leaves the
 * subscription for the next notification — a push is a nudge, the bell keeps the notification.
 */
export class PushWorker {
  private stop: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollMs: number; leases: JobLeases | null },
  ) {}

  start(): void {
    this.stop ??= every('notifications.push', this.options.pollMs, () => this.runOnce(), this.log, {
      leases: this.options.leases,
    });
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  /** Sends one batch; the number of notifications handled. */
  async runOnce(): Promise<number> {
    const pending = await this.db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
      })
      .from(notifications)
      .where(eq(notifications.pushState, 'pending'))
      .orderBy(asc(notifications.createdAt))
      .limit(BATCH);
    if (pending.length === 0) return 0;
    const userIds = [...new Set(pending.map((n) => n.userId))];
    const targets = await this.db
      .select()
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
    const gone = new Set<string>();
    const delivered = new Set<string>();
    for (const notification of pending) {
      const payload = JSON.stringify({
        id: notification.id,
        kind: notification.kind,
        title: notification.title,
        body: notification.body,
        link: notification.link,
      });
      for (const target of targets.filter((t) => t.userId === notification.userId && !gone.has(t.id))) {
        try {
          const { statusCode } = await this.sender.send(target, payload);
          if (statusCode === 404 || statusCode === 410) gone.add(target.id);
          else if (statusCode < 400) delivered.add(target.id);
          else {
            this.log.warn({ statusCode, subscription: target.id }, 'a push service refused a notification');
          }
        } catch (error) {
          this.log.warn({ err: error, subscription: target.id }, 'a push service could not be reached');
        }
      }
    }
    const reached = [...delivered].filter((id) => !gone.has(id));
    if (reached.length > 0) {
      await this.db
        .update(pushSubscriptions)
        .set({ lastSentAt: new Date() })
        .where(inArray(pushSubscriptions.id, reached));
    }
    if (gone.size > 0) {
      await this.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...gone]));
    }
    await this.db
      .update(notifications)
      .set({ pushState: 'sent' })
      .where(
        and(
          inArray(
            notifications.id,
            pending.map((n) => n.id),
          ),
          sql`${notifications.pushState} = 'pending'`,
        ),
      );
    return pending.length;
  }
}
