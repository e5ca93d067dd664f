/** The automations' messages apart from their schemas (automations.ts): zod-free (ADR 083). */

export const AUTOMATION_MSG = {
  notFound: 'Automation not found',
  deviceNotYours: 'Choose one of your own devices',
  wrongDeviceType: 'This device cannot do that',
  created: 'Automation created',
  saved: 'Automation saved',
  deleted: 'Automation deleted',
} as const;

export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The limits of a definition (also the server's bounds on what a browser may send). */
export const AUTOMATION_LIMITS = {
  maxActions: 10,
  maxConditions: 5,
  /** An air-quality trigger holds for at most this long before it fires. */
  maxForMinutes: 240,
  maxDelaySeconds: 3600,
  maxNotifyChars: 200,
  /** Toggles of one device by automations in any hour (issue 33: 2 by default). */
  defaultMaxTogglesPerHour: 2,
  maxTogglesPerHour: 12,
  /** How long a manual command keeps an automation's hands off that device, by default. */
  defaultManualOverrideMinutes: 60,
  maxManualOverrideMinutes: 24 * 60,
} as const;
