import {
  FILTER_CRITICAL_PERCENT,
  FILTER_WARNING_PERCENT,
  replacementFilterPath,
  type Device,
} from '@isaac/contract';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '~/components/ui';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/**
 * An ISAAC's filter (issue 33): life left and the days it has at the use since it was fitted, amber from
 * the warning level and red at the critical one, and "Order replacement filter" (the storefront's filters
 * for this purifier, the owner's details filled in at checkout).
 */
export function FilterLife({ device }: { device: Pick<Device, '_id' | 'filter_life' | 'filter_days_left'> }) {
  const life = device.filter_life;
  const level =
    life === null
      ? 'unknown'
      : life <= FILTER_CRITICAL_PERCENT
        ? 'critical'
        : life <= FILTER_WARNING_PERCENT
          ? 'low'
          : 'ok';
  const { t } = useOwnerT();
  const left = device.filter_days_left;
  const days =
    left === null ? null : left < 1 ? t('filter.underADay') : t('filter.daysLeft', { count: left });
  return (
    <div className="col-span-2 min-w-0">
      <dt className="text-xs text-slate-400">{t('filter.life')}</dt>
      <dd className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span
          className={cx(
            'tabular-nums',
            level === 'critical' ? 'text-red-300' : level === 'low' ? 'text-amber-300' : 'text-slate-200',
          )}
        >
          {life === null ? t('filter.unknown') : `${life}%`}
          {days ? ` · ${days}` : ''}
          {level === 'critical'
            ? ` · ${t('filter.replaceNow')}`
            : level === 'low'
              ? ` · ${t('filter.replaceSoon')}`
              : ''}
        </span>
        <Link
          to={replacementFilterPath(device._id)}
          className={cx(
            'inline-flex items-center gap-1 rounded text-xs font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-400',
            level === 'critical' || level === 'low' ? 'text-sky-300' : 'text-slate-400',
          )}
        >
          <ShoppingCart aria-hidden="true" className="h-3.5 w-3.5" />
          {t('filter.order')}
        </Link>
      </dd>
    </div>
  );
}
