import { BatteryLow, BatteryMedium, BatteryFull, Battery } from 'lucide-react';
import { useId } from 'react';
import { cx } from '~/components/ui';
import { batteryTone, clampPercent } from './battery';
import { useCommonT } from '~/lib/i18n';

const BAR = { green: 'bg-emerald-500', yellow: 'bg-amber-400', red: 'bg-red-500' } as const;
const TEXT = { green: 'text-emerald-300', yellow: 'text-amber-300', red: 'text-red-300' } as const;
const ICON = { green: BatteryFull, yellow: BatteryMedium, red: BatteryLow } as const;

/**
 * The battery bar of spec section 4: above 50 green, above 20 yellow, else red. A meter with the value
 * in its accessible name and the level in words beside it, so colour is never the only signal.
 */
export function BatteryBar({ level }: { level: number | null }) {
  const labelId = useId();
  const { t } = useCommonT();
  if (level === null) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-slate-400">
        <Battery aria-hidden="true" className="h-4 w-4" />
        {t('device.batteryUnknown')}
      </p>
    );
  }
  const value = clampPercent(level);
  const tone = batteryTone(value);
  const Icon = ICON[tone];
  const words = t(`device.batteryTone.${tone}`);
  return (
    <div>
      {/* In a narrow cell the level moves below its label whole, never broken mid-phrase. */}
      <div className="mb-1 flex flex-wrap items-center justify-between gap-x-2 text-xs">
        <span id={labelId} className="flex items-center gap-1.5 text-slate-400">
          <Icon aria-hidden="true" className={cx('h-4 w-4', TEXT[tone])} />
          {t('device.battery')}
        </span>
        <span className={cx('font-medium whitespace-nowrap tabular-nums', TEXT[tone])}>
          {value}% · {words}
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}% (${words})`}
        className="h-2 overflow-hidden rounded-full bg-slate-700"
      >
        <div className={cx('h-full rounded-full', BAR[tone])} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
