/**
 * The notification centre's vocabulary apart from its schemas (notifications.ts): zod-free, as the device card
 * and the settings' catalogues read it (ADR 083).
 */

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
  /**
   * How the person signs in changed, or a recovery code was used (ADR 085): what happened, and what to do
   * if it was not them.
   */
  'security',
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
  security: 'Security: password, two-factor sign-in, recovery codes',
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
