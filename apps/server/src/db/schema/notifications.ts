import {
  AIR_ALERT_BANDS,
  NOTIFICATION_KINDS,
  PUSH_STATES,
  type NotificationChannel,
  type NotificationKind,
} from '@isaac/contract';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** What the platform told a person (issue 33): the bell's list; pushes and e-mails are sent from it. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    /**
     * What the notification is about, for rate limits: one air-quality alert per room per band change per
     * half hour, one offline alert per device until it is back (e.g. `room:<id>:poor`, `device:<id>`).
     */
    subject: text('subject'),
    /** Web Push: `pending` until the push worker has sent it to the person's browsers; null when not pushed. */
    pushState: text('push_state', { enum: PUSH_STATES }),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_subject_idx').on(t.userId, t.subject, t.createdAt.desc()),
    index('notifications_push_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.pushState} = 'pending'`),
  ],
);

/** A person's choices; no row = the defaults (contract DEFAULT_NOTIFICATION_CHANNELS). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** kind → channels besides the bell. */
  channels: jsonb('channels').$type<Partial<Record<NotificationKind, NotificationChannel[]>>>().notNull(),
  quietFrom: text('quiet_from'),
  quietTo: text('quiet_to'),
  offlineIsUrgent: boolean('offline_is_urgent').notNull().default(true),
  timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
  airAlertBand: text('air_alert_band', { enum: AIR_ALERT_BANDS }).notNull().default('poor'),
  offlineAfterMinutes: integer('offline_after_minutes').notNull().default(10),
  updatedAt: updatedAt(),
});

/** A browser that opted in to Web Push (its PushSubscription); removed when its push service says it is gone. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSentAt: timestamptz('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
