import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatInr, type ReportBucket } from '@isaac/contract';
import { legendPlugin, loadUPlot } from '~/lib/uplot';
import { type ReportLine, type SeriesTable } from '../../model/report-series';

const HEIGHT = 220;
const AXIS = '#94a3b8'; // slate-400
const GRID = 'rgba(148, 163, 184, 0.15)';

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const tickDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const legendDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

function chartOptions(
  UPlot: typeof uPlot,
  lines: ReportLine[],
  bucket: ReportBucket,
  width: number,
): uPlot.Options {
  const hasMoney = lines.some((line) => line.kind === 'money');
  const axis = { stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
  return {
    width,
    height: HEIGHT,
    // bucket days are UTC days: show them as such whatever the browser's time zone
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: true, live: true },
    plugins: [legendPlugin()],
    cursor: { points: { size: 6 } },
    scales: { x: { time: true }, count: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    series: [
      {
        label: bucket === 'week' ? 'Week from' : 'Day',
        value: (_u: uPlot, v: number | null) => (v === null ? '–' : legendDay.format(v * 1000)),
      },
      ...lines.map((line) => ({
        label: line.label,
        stroke: line.color,
        width: 2,
        scale: line.kind === 'money' ? 'money' : 'count',
        points: { show: true, size: 5, fill: line.color },
        value: (_u: uPlot, v: number | null) =>
          v === null ? '–' : line.kind === 'money' ? formatInr(v) : String(v),
      })),
    ],
    axes: [
      { ...axis, values: (_u, ticks) => ticks.map((t) => tickDay.format(t * 1000)) },
      {
        ...axis,
        scale: 'count',
        values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? compact.format(t) : '')),
      },
      ...(hasMoney
        ? [
            {
              ...axis,
              scale: 'money',
              side: 1 as const,
              grid: { show: false },
              values: (_u: uPlot, ticks: number[]) => ticks.map((t) => `₹${compact.format(t / 100)}`),
            },
          ]
        : []),
    ],
  };
}

interface ReportChartProps {
  table: SeriesTable;
  lines: ReportLine[];
  bucket: ReportBucket;
}

/**
 * A uPlot line chart of one series (ADR 024). The canvas is hidden from screen readers: the figure around
 * it carries a text summary and the data table (ReportFigure).
 */
export function ReportChart({ table, lines, bucket }: ReportChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    let plot: uPlot | undefined;
    let cancelled = false;
    const data: uPlot.AlignedData = [
      table.buckets.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
      ...table.values,
    ];
    loadUPlot().then(
      (UPlot) => {
        if (cancelled) return;
        plot = new UPlot(chartOptions(UPlot, lines, bucket, element.clientWidth || 320), data, element);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize?.observe(element);
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [table, lines, bucket]);

  if (failed) {
    return (
      <p className="py-8 text-center text-sm text-slate-400">
        The chart could not be loaded; the table below has its data.
      </p>
    );
  }
  return (
    <div ref={container} aria-hidden="true" data-testid="report-chart" className="min-h-[220px] w-full" />
  );
}
