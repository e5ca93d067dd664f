import { z } from 'zod';
import { idSchema, listResponseSchema, pageQuerySchema } from './common.ts';
import { wallClockSchema } from './automations.ts';

/**
 * The notification centre (issue 33): what the platform tells a person, in the bell of every role's shell,
 * by Web Push and by e-mail, as they choose.
 */
export const NOTIFICATION_KINDS = [
  'air_quality',
  'device_offline',
  'filter_low',
  'automation_failed',
  /** A message an automation's "notify" step sends. */
  'automation',
  'firmware_updated',
  'installation_scheduled',
  'installation_completed',
  'order_paid',
  'order_refunded',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind is called in the preferences (and the e-mail's footer). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  air_quality: 'Air quality worse than your alert band',
  device_offline: 'A device offline',
  filter_low: 'Filter life low',
  automation_failed: 'An automation failed',
  automation: 'An automation’s message',
  firmware_updated: 'Firmware updated',
  installation_scheduled: 'Installation scheduled',
  installation_completed: 'Installation completed',
  order_paid: 'Order paid',
  order_refunded: 'Order refunded',
};

/** The channels besides the bell (which always shows every notification). */
export const NOTIFICATION_CHANNELS = ['push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A notification's Web Push: `pending` until the push worker has sent it to the person's browsers. */
export const PUSH_STATES = ['pending', 'sent'] as const;
export type PushState = (typeof PUSH_STATES)[number];

/** The CPCB bands an owner can be alerted from (Moderate and worse). */
export const AIR_ALERT_BANDS = ['moderate', 'poor', 'very_poor', 'severe'] as const;
export type AirAlertBand = (typeof AIR_ALERT_BANDS)[number];
export const DEFAULT_AIR_ALERT_BAND: AirAlertBand = 'poor';
export const DEFAULT_OFFLINE_AFTER_MINUTES = 10;
/** Filter life (percent) at which the owner is warned, and told it is critical. */
export const FILTER_WARNING_PERCENT = 20;
export const FILTER_CRITICAL_PERCENT = 5;

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

/**
 * Days of filter life left: the drop per day since the filter was fitted (`fittedLife` at `fittedAt`),
 * applied to what is left at `at` (the latest report). Null until at least a day and one point of use.
 */
export function filterDaysLeft(
  life: number | null,
  fitted: { life: number | null; at: Date | string | null },
  at: Date | string | null,
): number | null {
  if (life === null || fitted.life === null || fitted.at === null || at === null) return null;
  const days = (new Date(at).getTime() - new Date(fitted.at).getTime()) / 86_400_000;
  const used = fitted.life - life;
  if (!(days >= 1) || used <= 0) return null;
  return Math.max(0, Math.round(life / (used / days)));
}

/** "about 12 days left", "under a day left" (the device card, the filter alert, the filters page). */
export function filterDaysPhrase(days: number | null): string | null {
  if (days === null) return null;
  if (days < 1) return 'under a day left';
  return `about ${days} day${days === 1 ? '' : 's'} left`;
}
