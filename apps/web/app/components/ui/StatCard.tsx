import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';

const ACCENTS = {
  sky: 'bg-sky-500/15 text-sky-300',
  emerald: 'bg-emerald-500/15 text-emerald-300',
  amber: 'bg-amber-500/15 text-amber-300',
  violet: 'bg-violet-500/15 text-violet-300',
  rose: 'bg-rose-500/15 text-rose-300',
  slate: 'bg-slate-500/15 text-slate-300',
} as const;

export type StatAccent = keyof typeof ACCENTS;

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  accent?: StatAccent;
  /** A line under the value, e.g. '3 offline'. */
  hint?: ReactNode;
  /** Shows a placeholder instead of the value. */
  loading?: boolean;
  className?: string;
}

/** One statistic: label, big value, optional icon and hint. The label names the value, never colour alone. */
export function StatCard({
  label,
  value,
  icon: Icon,
  accent = 'sky',
  hint,
  loading = false,
  className,
}: StatCardProps) {
  return (
    <div className={cx('rounded-xl border border-slate-700/80 bg-slate-800/60 p-5', className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-400">{label}</p>
          {loading ? (
            <div aria-hidden="true" className="mt-2 h-8 w-16 animate-pulse rounded bg-slate-700" />
          ) : (
            <p className="mt-1 text-3xl font-semibold tracking-tight text-white tabular-nums">{value}</p>
          )}
          {hint ? <p className="mt-1 text-xs text-slate-400">{hint}</p> : null}
        </div>
        {Icon ? (
          <span className={cx('shrink-0 rounded-lg p-2.5', ACCENTS[accent])}>
            <Icon aria-hidden="true" className="h-5 w-5" />
          </span>
        ) : null}
      </div>
    </div>
  );
}
