import { timeZoneChoices } from '@isaac/contract';

/** "GMT+05:30" for a zone at an instant (daylight saving moves it), or '' where the runtime cannot say. */
function offsetOf(zone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      timeZoneName: 'longOffset',
    }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * The options of a time zone select (a home's, a person's): Asia/Kolkata first, then UTC and every IANA zone
 * the browser knows, each with its offset today ("Europe/London (GMT+01:00)"); `keep` (the saved zone) is
 * always listed. A native select: type-ahead by name works from the keyboard.
 */
export function timeZoneOptions(keep?: string | null, at: Date = new Date()) {
  return timeZoneChoices(keep).map((zone) => {
    const offset = offsetOf(zone, at);
    const name = zone.replaceAll('_', ' ');
    return { value: zone, label: offset && offset !== zone ? `${name} (${offset})` : name };
  });
}
