/** A short date-time for 'last updated' / 'last seen' (en-IN). */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A calendar date `YYYY-MM-DD` (an installation date) as '4 Mar 2031' (en-IN), whatever the time zone. */
export function formatCalendarDate(date: string | null): string {
  if (!date) return '—';
  const at = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
