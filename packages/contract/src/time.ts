/**
 * Wall-clock time in a person's or a home's time zone (IANA names, Intl): automations' schedules and
 * conditions, notifications' quiet hours. Pure; the browser and the server share it.
 */

/** A home's and a person's time zone until they choose another (the product's customers are in India). */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** The wall-clock minute of the day (0–1439) and weekday (0 = Sunday) of an instant in a time zone. */
export function localClock(at: Date, timeZone: string): { minute: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { minute: Number(part('hour')) * 60 + Number(part('minute')), weekday };
}

/** `HH:MM` as minutes of the day. */
export function minutesOf(wallClock: string): number {
  const [hour, minute] = wallClock.split(':').map(Number);
  return hour! * 60 + minute!;
}

/**
 * Whether a wall-clock minute lies in [from, to): a window whose `from` is after its `to` spans midnight
 * (22:00–06:00 holds at 23:30 and at 05:59, not at 06:00); `from` equal to `to` is the whole day.
 */
export function withinWindow(minute: number, from: number, to: number): boolean {
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** Whether `name` is a time zone this runtime knows (IANA, e.g. Asia/Kolkata). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Old names the runtime's zone list (ICU/CLDR) still uses for zones IANA has renamed: a list shows the
 * current name (Asia/Kolkata, not Asia/Calcutta). Both names work everywhere; this is only what people see.
 */
const RENAMED_ZONES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'America/Godthab': 'America/Nuuk',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
};

/** Where the runtime cannot list its zones (older browsers): the zones most of our customers need. */
const FALLBACK_ZONES = [
  'Asia/Kolkata',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Australia/Sydney',
];

/**
 * The IANA time zones a person may choose, for a select: DEFAULT_TIME_ZONE first, then UTC, then every zone
 * the runtime knows in alphabetical order (their current IANA names); `keep` (a saved zone) is listed even
 * when the runtime does not list it.
 */
export function timeZoneChoices(keep?: string | null): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: 'timeZone') => string[] }).supportedValuesOf;
  const listed = supported ? supported('timeZone') : FALLBACK_ZONES;
  const names = new Set(listed.map((zone) => RENAMED_ZONES[zone] ?? zone));
  names.delete(DEFAULT_TIME_ZONE);
  names.delete('UTC');
  const rest = [...names].sort();
  const choices = [DEFAULT_TIME_ZONE, 'UTC', ...rest];
  return keep && !choices.includes(keep) ? [keep, ...choices] : choices;
}
