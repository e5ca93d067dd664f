import { type DeviceType, ROOM_TYPE_LABELS, type RoomType } from '@isaac/contract';

export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  isaac: 'Isaac',
  lumos: 'Lumos',
  skywalker: 'Skywalker',
};

export function roomTypeLabel(type: RoomType): string {
  return ROOM_TYPE_LABELS[type];
}

/** '3 devices', '1 device', 'No devices'. */
export function deviceCountLabel(count: number): string {
  if (count === 0) return 'No devices';
  return `${count} ${count === 1 ? 'device' : 'devices'}`;
}

/** A short date-time for 'last updated' / 'last seen' (en-IN). */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** 'Chrome on Linux' from a user agent; the raw string when nothing is recognised. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /(Chrome|Chromium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? userAgent;
}
