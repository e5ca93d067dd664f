import {
  aqiBandsOf,
  LANGUAGE_LOCALES,
  TELEMETRY_RANGES,
  type AqiScale,
  type TelemetryPoint,
  type TelemetryRange,
} from '@isaac/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { ErrorState, PanelLoading, cx } from '~/components/ui';
import { legendPlugin, loadUPlot } from '~/lib/uplot';
import { useTelemetry } from '../../api/get-telemetry';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import { aqiBandName, useCommonT, useLanguage } from '~/lib/i18n';

const HEIGHT = 220;
const AXIS = '#94a3b8';
const GRID = 'rgba(148, 163, 184, 0.15)';
/** The AQI bands shaded behind the line (the band names are in the caption below the chart). */
const BAND_FILL: Record<string, string> = {
  good: 'rgba(16, 185, 129, 0.10)',
  satisfactory: 'rgba(132, 204, 22, 0.10)',
  moderate: 'rgba(234, 179, 8, 0.10)',
  poor: 'rgba(249, 115, 22, 0.12)',
  very_poor: 'rgba(239, 68, 68, 0.12)',
  severe: 'rgba(190, 18, 60, 0.15)',
  unhealthy_sensitive: 'rgba(249, 115, 22, 0.12)',
  unhealthy: 'rgba(239, 68, 68, 0.12)',
  very_unhealthy: 'rgba(168, 85, 247, 0.12)',
  hazardous: 'rgba(190, 18, 60, 0.15)',
};
/** The chart's words in the language shown (read when the chart is drawn). */
interface ChartWords {
  time: string;
  pm25: string;
  locale: string;
}

function options(width: number, range: TelemetryRange, scale: AqiScale, words: ChartWords): uPlot.Options {
  const time = new Intl.DateTimeFormat(words.locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  const axis = { stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
  return {
    width,
    height: HEIGHT,
    legend: { show: true, live: true },
    plugins: [legendPlugin()],
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, Math.max(60, Math.ceil((max ?? 0) * 1.15))] },
    },
    series: [
      {
        label: words.time,
        value: (_u: uPlot, v: number | null) => (v === null ? '–' : time.format(v * 1000)),
      },
      {
        label: words.pm25,
        stroke: '#38bdf8',
        width: 2,
        spanGaps: false,
        points: { show: range === '30d' ? false : true, size: 3 },
        value: (_u: uPlot, v: number | null) => (v === null ? '–' : String(v)),
      },
    ],
    axes: [axis, { ...axis, values: (_u, ticks) => ticks.map((t) => String(t)) }],
    hooks: {
      // The AQI bands behind the line, drawn on the y scale.
      drawClear: [
        (u) => {
          const { ctx, bbox } = u;
          for (const band of aqiBandsOf(scale)) {
            const top = u.valToPos(band.pm25[1], 'y', true);
            const bottom = u.valToPos(band.pm25[0], 'y', true);
            const y = Math.max(bbox.top, top);
            const h = Math.min(bbox.top + bbox.height, bottom) - y;
            if (h <= 0) continue;
            ctx.fillStyle = BAND_FILL[band.band] ?? 'transparent';
            ctx.fillRect(bbox.left, y, bbox.width, h);
          }
        },
      ],
    },
  };
}

function Plot({
  points,
  range,
  scale,
}: {
  points: TelemetryPoint[];
  range: TelemetryRange;
  scale: AqiScale;
}) {
  const { t } = useOwnerT();
  const language = useLanguage();
  const words = useMemo(
    () => ({ time: t('chart.time'), pm25: t('chart.pm25'), locale: LANGUAGE_LOCALES[language] }),
    [t, language],
  );
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let plot: uPlot | undefined;
    let cancelled = false;
    const data: uPlot.AlignedData = [points.map((p) => Date.parse(p.at) / 1000), points.map((p) => p.pm25)];
    loadUPlot().then(
      (UPlot) => {
        if (!cancelled)
          plot = new UPlot(options(element.clientWidth || 320, range, scale, words), data, element);
      },
      () => !cancelled && setFailed(true),
    );
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => plot?.setSize({ width: element.clientWidth || 320, height: HEIGHT }));
    resize?.observe(element);
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [points, range, scale, words]);
  if (failed) return <p className="text-sm text-red-300">{t('chart.failed')}</p>;
  return (
    <div
      ref={container}
      aria-hidden="true"
      className="w-full overflow-hidden"
      data-testid="air-quality-chart"
    />
  );
}

/**
 * A purifier's or sensor's PM2.5 over 24 hours, 7 days or 30 days (issue 13), with the CPCB AQI bands shaded;
 * for screen readers a text summary (average, highest, lowest) stands in for the canvas.
 */
export function AirQualityChart({
  deviceId,
  deviceName,
  scale = 'cpcb',
}: {
  deviceId: string;
  deviceName: string;
  /** The AQI scale the device's readings are banded by (its latest reading says). */
  scale?: AqiScale;
}) {
  const [range, setRange] = useState<TelemetryRange>('24h');
  const telemetry = useTelemetry(deviceId, range);
  const values = (telemetry.data?.points ?? []).map((p) => p.pm25).filter((v): v is number => v !== null);
  const { t } = useOwnerT();
  const { t: common } = useCommonT();
  const summary =
    values.length === 0
      ? t('chart.none')
      : t('chart.summary', {
          range: t(`chart.ranges.${range}`),
          average: Math.round(values.reduce((a, b) => a + b, 0) / values.length),
          highest: Math.round(Math.max(...values)),
          lowest: Math.round(Math.min(...values)),
        });
  return (
    <figure aria-label={t('chart.of', { name: deviceName })} className="space-y-3">
      <div
        role="group"
        aria-label={t('chart.period')}
        className="inline-flex rounded-lg border border-slate-700 p-0.5"
      >
        {(Object.keys(TELEMETRY_RANGES) as TelemetryRange[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={range === key}
            onClick={() => setRange(key)}
            className={cx(
              'rounded-md px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-sky-400',
              range === key ? 'bg-sky-700 text-white' : 'text-slate-300 hover:bg-slate-800',
            )}
          >
            {t(`chart.ranges.${key}`)}
          </button>
        ))}
      </div>
      {telemetry.isPending ? (
        <PanelLoading label={t('chart.loading')} />
      ) : telemetry.isError ? (
        <ErrorState
          title={t('chart.loadFailed')}
          message={telemetry.error.message}
          onRetry={() => void telemetry.refetch()}
          retrying={telemetry.isFetching}
        />
      ) : values.length === 0 ? (
        <p className="text-sm text-slate-400">{t('chart.noneYet')}</p>
      ) : (
        <Plot points={telemetry.data.points} range={range} scale={scale} />
      )}
      <figcaption className="text-xs text-slate-400">
        {summary} {t('chart.bands', { scale: scale === 'cpcb' ? 'CPCB' : 'US EPA 2024' })}{' '}
        {aqiBandsOf(scale)
          .map((band) => `${aqiBandName(band.band, band.label, common)} ${band.pm25[0]}–${band.pm25[1]}`)
          .join(', ')}
        .
      </figcaption>
    </figure>
  );
}
