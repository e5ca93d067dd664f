import { formatInr } from '@isaac/contract';
import { currentLocale, formatWords } from './i18n/locale';

/**
 * Dates and numbers the Indian way in the language shown (ADR 073): `en-IN` or `hi-IN` (lib/i18n/locale.ts),
 * read at each call so a page formats in the language it renders in.
 */
export { currentLocale, formatNumber } from './i18n/locale';

/** A short date-time for 'last updated' / 'last seen' (en-IN: '4 Mar 2031, 2:30 pm'). */
export function formatDateTime(iso: string | null): string {
  if (!iso) return formatWords().never;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return formatWords().unknown;
  return date.toLocaleString(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * `formatDateTime` on a home's clock (an automation's next run at 07:00 in the home's time zone): in the
 * browser's own zone it reads the same; in another zone the time is the home's, with the zone named
 * ('28 Nov 2026, 7:00 am GMT+4'), so a schedule never seems to run at a time nobody chose.
 */
export function formatDateTimeIn(iso: string | null, timeZone: string | undefined): string {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!iso || !timeZone || timeZone === browserZone) return formatDateTime(iso);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return formatWords().unknown;
  try {
    return date.toLocaleString(currentLocale(), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    });
  } catch {
    // A zone this browser does not know: its own clock rather than nothing.
    return formatDateTime(iso);
  }
}

/** A calendar date `YYYY-MM-DD` (an installation date) as '4 Mar 2031' (en-IN), whatever the time zone. */
export function formatCalendarDate(date: string | null): string {
  if (!date) return '—';
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return at.toLocaleDateString(currentLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** An instant's time of day, '14:32' (24-hour in both languages' Indian formats as the locale gives it). */
export function formatTime(at: Date | number | string): string {
  return new Date(at).toLocaleTimeString(currentLocale(), { hour: '2-digit', minute: '2-digit' });
}

/** Rupees from paise the Indian way in the language shown: 12400000 → '₹1,24,000'. */
export function formatRupees(paise: number): string {
  return formatInr(paise, currentLocale());
}

/**
 * What a person types in a date field, the Indian way (dd/mm/yyyy; '-' or '.' also separate, a one-digit
 * day or month is fine), or an ISO date pasted in, as `YYYY-MM-DD`; null when it is not a real date.
 */
export function parseIndianDate(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const indian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : indian
      ? [Number(indian[3]), Number(indian[2]), Number(indian[1])]
      : [0, 0, 0];
  if (!year) return null;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `YYYY-MM-DD` as dd/mm/yyyy (what a date field shows); '' for none. */
export function formatIndianDate(iso: string | null | undefined): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
