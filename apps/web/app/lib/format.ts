/** A short date-time for 'last updated' / 'last seen' (en-IN). */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}
