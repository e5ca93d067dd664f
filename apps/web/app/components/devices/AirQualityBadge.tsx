import type { Device } from '@isaac/contract';
import { cx } from '~/components/ui';
import { currentLocale } from '~/lib/format';
import { aqiBandName, useCommonT } from '~/lib/i18n';

/** Each CPCB band's colour (the band's word is always shown beside it: colour is never the only signal). */
const BAND_CLASSES: Record<string, string> = {
  good: 'border-emerald-500/50 bg-emerald-500/15 text-emerald-200',
  satisfactory: 'border-lime-500/50 bg-lime-500/15 text-lime-200',
  moderate: 'border-yellow-500/50 bg-yellow-500/15 text-yellow-200',
  poor: 'border-orange-500/50 bg-orange-500/15 text-orange-200',
  very_poor: 'border-red-500/50 bg-red-500/15 text-red-200',
  severe: 'border-rose-700/60 bg-rose-700/20 text-rose-200',
  // US EPA 2024 (AQI_SCALE=us_epa_2024)
  unhealthy_sensitive: 'border-orange-500/50 bg-orange-500/15 text-orange-200',
  unhealthy: 'border-red-500/50 bg-red-500/15 text-red-200',
  very_unhealthy: 'border-purple-500/50 bg-purple-500/15 text-purple-200',
  hazardous: 'border-rose-700/60 bg-rose-700/20 text-rose-200',
};

/** The latest PM2.5 reading with its AQI and band (the deployment's scale: CPCB or US EPA), or 'No reading yet'. */
export function AirQualityBadge({ airQuality }: { airQuality: Device['air_quality'] }) {
  const { t } = useCommonT();
  if (!airQuality) return <span className="text-slate-400">{t('device.noReading')}</span>;
  return (
    <span
      className={cx(
        'inline-flex flex-wrap items-baseline gap-x-1.5 rounded-md border px-2 py-0.5 text-xs',
        BAND_CLASSES[airQuality.band] ?? 'border-slate-600 text-slate-200',
      )}
      title={t('device.measured', { time: new Date(airQuality.at).toLocaleString(currentLocale()) })}
    >
      <span className="font-semibold">{aqiBandName(airQuality.band, airQuality.label, t)}</span>
      <span className="tabular-nums">
        {t('device.reading', { aqi: airQuality.aqi, pm25: Math.round(airQuality.pm25) })}
      </span>
    </span>
  );
}
