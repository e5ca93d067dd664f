import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useOnline } from '~/lib/offline/online';
import { currentLocale } from '~/lib/format';
import { i18n, useCommonT } from '~/lib/i18n';

/** The time of day (en-IN, or hi-IN in Hindi) and how long ago, e.g. "14:32 (12 min ago)". */
export function formatAsOf(at: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - at) / 60_000));
  const age =
    minutes < 1
      ? i18n.t('offline.justNow')
      : minutes < 60
        ? i18n.t('offline.minutesAgo', { count: minutes })
        : minutes < 48 * 60
          ? i18n.t('offline.hoursAgo', { count: Math.round(minutes / 60) })
          : i18n.t('offline.daysAgo', { count: Math.round(minutes / 1440) });
  const time = new Date(at).toLocaleString(currentLocale(), {
    hour: '2-digit',
    minute: '2-digit',
    ...(now - at > 20 * 3600_000 ? { day: 'numeric', month: 'short' } : {}),
  });
  return `${time} (${age})`;
}

/** The oldest fetch time of the queries the page shows now (what "as of" means), or 0 when none. */
function useOldestShownRead(): number {
  const client = useQueryClient();
  return useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => {
      const times = client
        .getQueryCache()
        .findAll({ type: 'active' })
        .map((q) => q.state.dataUpdatedAt)
        .filter((t) => t > 0);
      return times.length > 0 ? Math.min(...times) : 0;
    },
    () => 0,
  );
}

/**
 * With no network (ADR 070): a status line saying that what the page shows was saved on this device, and
 * as of when (the oldest of its reads); `children` says what still works. Nothing while online.
 */
export function OfflineBanner({ children }: { children?: ReactNode }) {
  const online = useOnline();
  const oldest = useOldestShownRead();
  const { t } = useCommonT();
  if (online) return null;
  return (
    <div
      role="status"
      className="mb-4 flex items-start gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p>
        <span className="font-semibold">{t('offline.offline')}</span>{' '}
        {oldest > 0 ? t('offline.asOf', { time: formatAsOf(oldest) }) : t('offline.nothingSaved')} {children}
      </p>
    </div>
  );
}
