import { z } from 'zod';
import { idSchema, listResponseSchema, pageQuerySchema } from './common.ts';
import { wallClockSchema } from './automations.ts';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_CHANNELS,
  AIR_ALERT_BANDS,
  type NotificationKind,
  type NotificationChannel,
} from './notification-rules.ts';

/**
 * The notification centre's API (issue 33): the bell's list, the preferences and the browsers' push
 * subscriptions. Its vocabulary (kinds, channels, bands, filter thresholds) is in notification-rules.ts.
 */
export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The page of the subject (an app path), or null. */
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema.extend({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;
export const notificationListSchema = listResponseSchema('notifications', notificationSchema).extend({
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export const unreadCountSchema = z.object({ unread: z.number().int() });

/** Quiet hours in the person's time zone; `from` after `to` spans midnight. */
export const quietHoursSchema = z.object({ from: wallClockSchema, to: wallClockSchema });

export const notificationPreferencesSchema = z.object({
  /** Per kind, the channels besides the bell. */
  channels: z.record(z.enum(NOTIFICATION_KINDS), z.array(z.enum(NOTIFICATION_CHANNELS)).max(2)),
  quiet_hours: quietHoursSchema.nullable(),
  /** Device-offline alerts are sent during quiet hours too. */
  offline_is_urgent: z.boolean(),
  /** IANA time zone of the quiet hours (Asia/Kolkata by default). */
  time_zone: z.string().min(1).max(64),
  /** Air-quality alerts from this CPCB band up (the home's alert band). */
  air_alert_band: z.enum(AIR_ALERT_BANDS),
  /** A device-offline alert once a device has been offline this long. */
  offline_after_minutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
/** PUT …/preferences: any of the fields; `channels` names only the kinds that change. */
export const notificationPreferencesBodySchema = notificationPreferencesSchema
  .extend({
    channels: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.array(z.enum(NOTIFICATION_CHANNELS)).max(2)),
  })
  .partial();
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

/** What a person gets when they never chose: push for most kinds, e-mail where no other e-mail says it. */
export const DEFAULT_NOTIFICATION_CHANNELS: Record<NotificationKind, NotificationChannel[]> = {
  air_quality: ['push'],
  device_offline: ['push'],
  filter_low: ['push', 'email'],
  automation_failed: ['push'],
  automation: ['push'],
  firmware_updated: [],
  // Their transactional e-mails (order confirmation, installation) are sent anyway: the bell and push here.
  installation_scheduled: ['push'],
  installation_completed: ['push'],
  order_paid: ['push'],
  order_refunded: ['push', 'email'],
  // Security: worth an e-mail, which reaches the person even when the session is not theirs.
  security: ['push', 'email'],
};

/** POST /api/notifications/push-subscriptions: the browser's PushSubscription as `toJSON()` gives it. */
export const pushSubscriptionBodySchema = z.object({
  /** The browser's push service URL; the server sends only to the push services it knows (PUSH_SERVICES). */
  endpoint: z.string().url().max(1000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'Not a push subscription key'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}$/, 'Not a push subscription secret'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionDeleteSchema = z.object({ endpoint: z.string().url().max(1000) });
/** GET /api/notifications/push-key: the server's VAPID public key; null when Web Push is not configured. */
export const pushKeySchema = z.object({ public_key: z.string().nullable() });

/**
 * The push services browsers subscribe with (host suffixes, https): the server POSTs to a subscription's
 * endpoint, so it sends only to these — never to an address a browser made up (PUSH_SERVICES adds others).
 */
export const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
] as const;
export const NOTIFICATION_MSG = {
  notFound: 'Notification not found',
  unknownPushService: 'This browser’s push service is not supported',
  pushNotConfigured: 'Push notifications are not set up on this server',
  badTimeZone: 'Choose a valid time zone',
} as const;

export const notificationIdParamsSchema = z.object({ id: idSchema });

/** A reported filter life this many points above the last one is a new filter (the device was serviced). */
export const FILTER_CHANGE_JUMP = 10;
