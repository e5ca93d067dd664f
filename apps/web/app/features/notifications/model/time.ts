import { currentLocale } from '~/lib/format';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday" (en-IN; hi-IN: "5 मिनट पहले", "कल"); `justNow` under a minute. */
export function timeAgo(iso: string, now: Date = new Date(), justNow = 'just now'): string {
  const ms = new Date(iso).getTime() - now.getTime();
  if (Number.isNaN(ms)) return '';
  if (Math.abs(ms) < 60_000) return justNow;
  const format = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(ms) >= size || unit === 'minute') return format.format(Math.round(ms / size), unit);
  }
  return '';
}
