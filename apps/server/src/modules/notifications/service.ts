import {
  ADMIN_PATHS,
  ELECTRICIAN_PATHS,
  dashboardPathForRole,
  OWNER_PATHS,
  ROLE,
  DEFAULT_AIR_ALERT_BAND,
  DEFAULT_NOTIFICATION_CHANNELS,
  DEFAULT_OFFLINE_AFTER_MINUTES,
  DEFAULT_TIME_ZONE,
  inHome,
  isTimeZone,
  localClock,
  minutesOf,
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  withinWindow,
  type NotificationChannel,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type PushSubscriptionBody,
} from '@isaac/contract';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { listPage, newestFirst, pageTotal, pageWindow, totalCount } from '../../db/pagination.ts';
import { notificationPreferences, notifications, pushSubscriptions, users } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { EmailSink } from '../outbox/emails.ts';
import { emailTextOf, type EmailText } from '../outbox/i18n.ts';
import { presentNotification } from './presenter.ts';

/**
 * A notification's words: as given (a name, an owner's own message), or from the catalogues in each
 * person's language (ADR 073) — `(t) => t('alerts.offlineTitle', { name })`.
 */
export type Words = string | ((t: EmailText) => string);

/** What a module tells a person (the bell always shows it; push and e-mail as the person chose). */
export interface NotificationInput {
  kind: NotificationKind;
  title: Words;
  body: Words;
  /** The subject's page (an app path), or null. */
  link?: string | null;
  /** The home the subject is in: the link then opens that home, whichever is current (issue 32). */
  homeId?: string | null;
  /**
   * What it is about (`room:<id>:poor`, `device:<id>`): with `onceWithinMs`, a second notification about
   * the same subject within that time is not created (one air-quality alert per band change per half hour).
   */
  subject?: string | null;
  onceWithinMs?: number;
}

export interface NotificationSettings {
  /** Web Push is configured (VAPID keys). */
  pushEnabled: boolean;
  /** The push services subscriptions may name (host suffixes over https, or whole origins for tests). */
  pushServices: readonly string[];
  webOrigin: string;
}

/**
 * The notification centre (issue 33): `notify` writes a notification in the caller's transaction and, as
 * the person chose, an e-mail to the outbox (same transaction) and a push for the push worker — nothing
 * but the bell during their quiet hours, except device-offline alerts they marked urgent.
 */
export class NotificationService {
  constructor(
    private readonly db: Db,
    private readonly mail: EmailSink,
    private readonly now: () => Date,
    private readonly settings: NotificationSettings,
  ) {}

  /** Notifies `userId`; null when the same subject was notified within `onceWithinMs`. */
  async notify(executor: Db | Tx, userId: string, input: NotificationInput): Promise<string | null> {
    const [id] = await this.notifyEach(executor, [userId], input);
    return id ?? null;
  }

  /**
   * Notifies each of `userIds` (an event's audience: every member of a home who sees the device) in a fixed
   * number of statements however many they are: who was told of the subject recently, each person with their
   * preferences, the notifications in one insert; then the outbox's e-mails of those who chose e-mail. The ids
   * of the notifications written (a person notified of the subject within `onceWithinMs` gets none).
   */
  async notifyEach(
    executor: Db | Tx,
    userIds: readonly string[],
    input: NotificationInput,
  ): Promise<string[]> {
    const now = this.now();
    const subject = input.subject ?? null;
    const link = input.link && input.homeId ? inHome(input.link, input.homeId) : (input.link ?? null);
    let targets = [...new Set(userIds)];
    if (targets.length === 0) return [];
    if (subject !== null && input.onceWithinMs) {
      const since = new Date(now.getTime() - input.onceWithinMs);
      const recent = await executor
        .selectDistinct({ userId: notifications.userId })
        .from(notifications)
        .where(
          and(
            inArray(notifications.userId, targets),
            eq(notifications.subject, subject),
            gt(notifications.createdAt, since),
          ),
        );
      const told = new Set(recent.map((r) => r.userId));
      targets = targets.filter((id) => !told.has(id));
      if (targets.length === 0) return [];
    }
    const people = await executor
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        language: users.language,
        preferences: notificationPreferences,
      })
      .from(users)
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(inArray(users.id, targets));
    if (people.length === 0) return [];
    const plans = people.map((person) => {
      const preferences = preferencesOf(person.preferences);
      const channels = preferences.channels[input.kind];
      const quiet =
        isQuiet(preferences, now) && !(input.kind === 'device_offline' && preferences.offline_is_urgent);
      const t = emailTextOf(person.language ?? 'en');
      const say = (words: Words) => (typeof words === 'string' ? words : words(t));
      return {
        person,
        title: say(input.title),
        body: say(input.body),
        push: channels.includes('push') && this.settings.pushEnabled && !quiet,
        email: channels.includes('email') && !quiet,
      };
    });
    const rows = await executor
      .insert(notifications)
      .values(
        plans.map(({ person, title, body, push }) => ({
          userId: person.id,
          kind: input.kind,
          title,
          body,
          link,
          subject,
          pushState: push ? ('pending' as const) : null,
          createdAt: now,
        })),
      )
      .returning({ id: notifications.id });
    if (rows.length !== plans.length) throw new Error('notification insert returned fewer rows');
    for (const { person, title, body } of plans.filter((plan) => plan.email)) {
      await this.mail.enqueue(executor, {
        kind: 'notification',
        to: person.email,
        data: {
          name: person.name,
          title,
          body,
          link: link ? new URL(link, this.settings.webOrigin).href : null,
          settingsUrl: new URL(settingsPathOf(person.role), this.settings.webOrigin).href,
        },
      });
    }
    return rows.map((row) => row.id);
  }

  /** GET /api/notifications: newest first, a page, with the unread count. */
  async list(userId: string, query: NotificationListQuery): Promise<NotificationList> {
    const where = and(
      eq(notifications.userId, userId),
      query.unread ? isNull(notifications.readAt) : undefined,
    );
    const { limit, offset } = pageWindow(query);
    const rows = await this.db
      .select({ notification: notifications, total: totalCount() })
      .from(notifications)
      .where(where)
      .orderBy(...newestFirst(notifications.createdAt, notifications.id))
      .limit(limit)
      .offset(offset);
    const total = await pageTotal(rows, query, async () => {
      const [row] = await this.db.select({ n: count() }).from(notifications).where(where);
      return row?.n ?? 0;
    });
    const items = rows.map((r) => presentNotification(r.notification));
    return { ...listPage('notifications', items, query, total), unread: await this.unreadCount(userId) };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  /** Marks one of the caller's notifications read (404 for anyone else's). */
  async markRead(userId: string, id: string): Promise<void> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${this.now()})` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (!row) throw notFound(NOTIFICATION_MSG.notFound);
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: this.now() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    const [row] = await this.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return preferencesOf(row ?? null);
  }

  /** PUT /api/notifications/preferences: the fields sent replace the stored ones. */
  async updatePreferences(
    userId: string,
    body: NotificationPreferencesBody,
  ): Promise<NotificationPreferences> {
    if (body.time_zone !== undefined && !isTimeZone(body.time_zone)) {
      throw badRequest(NOTIFICATION_MSG.badTimeZone, [
        { path: 'time_zone', message: NOTIFICATION_MSG.badTimeZone },
      ]);
    }
    const current = await this.preferences(userId);
    // A kind not named keeps its channels; the other fields sent replace the stored ones.
    const next = { ...current, ...body, channels: { ...current.channels, ...body.channels } };
    const values = {
      channels: next.channels,
      quietFrom: next.quiet_hours?.from ?? null,
      quietTo: next.quiet_hours?.to ?? null,
      offlineIsUrgent: next.offline_is_urgent,
      timeZone: next.time_zone,
      airAlertBand: next.air_alert_band,
      offlineAfterMinutes: next.offline_after_minutes,
      updatedAt: this.now(),
    };
    await this.db
      .insert(notificationPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
    return this.preferences(userId);
  }

  /** Keeps a browser's push subscription (one row per endpoint: a browser that subscribes again moves to this user). */
  async subscribe(userId: string, body: PushSubscriptionBody, userAgent: string | null): Promise<void> {
    if (!this.settings.pushEnabled) throw badRequest(NOTIFICATION_MSG.pushNotConfigured);
    if (!isKnownPushService(body.endpoint, this.settings.pushServices)) {
      throw badRequest(NOTIFICATION_MSG.unknownPushService, [
        { path: 'endpoint', message: NOTIFICATION_MSG.unknownPushService },
      ]);
    }
    const values = {
      userId,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      userAgent: userAgent?.slice(0, 512) ?? null,
    };
    await this.db
      .insert(pushSubscriptions)
      .values({ endpoint: body.endpoint, ...values })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
  }

  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  /** The newest notifications of a user (tests, and the push worker's payloads). */
  async latest(userId: string, limit = 10) {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt))
      .limit(limit);
  }
}

type PreferencesRow = typeof notificationPreferences.$inferSelect;

/** A person's preferences: their row over the defaults (a kind they never chose keeps its default). */
export function preferencesOf(row: PreferencesRow | null): NotificationPreferences {
  const channels = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, row?.channels[kind] ?? DEFAULT_NOTIFICATION_CHANNELS[kind]]),
  ) as Record<NotificationKind, NotificationChannel[]>;
  return {
    channels,
    quiet_hours: row?.quietFrom && row.quietTo ? { from: row.quietFrom, to: row.quietTo } : null,
    offline_is_urgent: row?.offlineIsUrgent ?? true,
    time_zone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    air_alert_band: row?.airAlertBand ?? DEFAULT_AIR_ALERT_BAND,
    offline_after_minutes: row?.offlineAfterMinutes ?? DEFAULT_OFFLINE_AFTER_MINUTES,
  };
}

/** Whether `at` is in the person's quiet hours (in their time zone). */
export function isQuiet(preferences: NotificationPreferences, at: Date): boolean {
  const quiet = preferences.quiet_hours;
  if (!quiet) return false;
  const { minute } = localClock(at, preferences.time_zone);
  return withinWindow(minute, minutesOf(quiet.from), minutesOf(quiet.to));
}

/**
 * Whether a subscription's endpoint belongs to a push service we send to: over https, its host one of the
 * known services or under one (`*.notify.windows.com`); an entry with a scheme is a whole origin (tests'
 * local push service). The server POSTs to this URL, so a made-up one must never pass.
 */
export function isKnownPushService(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return services.some((service) =>
    service.includes('://')
      ? url.origin === new URL(service).origin
      : url.protocol === 'https:' && (url.hostname === service || url.hostname.endsWith(`.${service}`)),
  );
}

/** A person's settings page (each area's): notification and security settings. */
export function settingsPathOf(role: number): string {
  if (role === ROLE.admin) return ADMIN_PATHS.settings;
  if (role === ROLE.owner) return OWNER_PATHS.settings;
  if (role === ROLE.electrician) return ELECTRICIAN_PATHS.settings;
  return dashboardPathForRole(role);
}
