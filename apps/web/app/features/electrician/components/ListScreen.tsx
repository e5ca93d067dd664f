import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorState, PanelLoading, StatCard, type StatAccent } from '~/components/ui';

export interface Figure {
  label: string;
  value: number;
  icon: LucideIcon;
  accent?: StatAccent;
}

/** A screen's row of figures (two columns on a phone, four on a wide screen). */
export function Figures({ figures, loading }: { figures: Figure[]; loading: boolean }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {figures.map((f) => (
        <StatCard
          key={f.label}
          label={f.label}
          value={f.value}
          icon={f.icon}
          accent={f.accent}
          loading={loading}
        />
      ))}
    </div>
  );
}

/** A list in its states: loading, failed (message + Retry), empty, or the rows. */
export function ListStates<T>({
  query,
  loadingLabel,
  errorTitle,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  /** What an empty answer shows, or null when the answer has rows. */
  empty: (data: T) => ReactNode | null;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PanelLoading label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return empty(query.data) ?? children(query.data);
}
