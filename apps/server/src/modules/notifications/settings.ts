import { KNOWN_PUSH_SERVICES } from '@isaac/contract';

export interface PushSettings {
  /** The VAPID key pair and contact; null when Web Push is off (production without VAPID_* set). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** The push services subscriptions may name: the browsers' usual ones and PUSH_SERVICES. */
  services: readonly string[];
  pollMs: number;
}

/** Development Web Push keys (never used in production): a browser's subscription survives demo restarts. */
const DEV_VAPID = {
  publicKey: 'BBEFPVW8vZMQhIHF89E-1wApPkALnSTzWXTbO3sRoP8hrQuE9o7LW7l9dQyhWZxNatGmVwKzHT8HJg3yBi2QSjk',
  privateKey: 'B--rrA9QHHx0VpBEd3_gPnd1-4uC-OzikkT9yY5Y5KM',
  subject: 'mailto:dev@isaac.invalid',
};

/** Web Push settings from the environment: the three VAPID settings together or none. */
export function pushSettingsOf(
  e: {
    VAPID_PUBLIC_KEY?: string;
    VAPID_PRIVATE_KEY?: string;
    VAPID_SUBJECT?: string;
    PUSH_SERVICES?: string;
    NOTIFICATION_PUSH_POLL_MS: number;
  },
  isProduction: boolean,
): { settings: PushSettings } | { problem: string } {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = e;
  const set = [publicKey, privateKey, subject].filter(Boolean).length;
  if (set !== 0 && set !== 3) {
    return { problem: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are set together (or none).' };
  }
  const extra = (e.PUSH_SERVICES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    settings: {
      vapid:
        publicKey && privateKey && subject
          ? { publicKey, privateKey, subject }
          : isProduction
            ? null
            : DEV_VAPID,
      services: [...KNOWN_PUSH_SERVICES, ...extra],
      pollMs: e.NOTIFICATION_PUSH_POLL_MS,
    },
  };
}
