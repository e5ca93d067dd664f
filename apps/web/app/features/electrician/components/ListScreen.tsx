import type { LucideIcon } from 'lucide-react';
import { StatCard, type StatAccent } from '~/components/ui';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/electrician-texts';

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

/**
 * A figure counted over the page on screen: when the list has more pages, its label says so (the API gives
 * the list's total, not each count).
 */
export function pageLabel(label: string, shown: number, total: number | undefined): string {
  return total !== undefined && total > shown ? i18n.t('electrician:thisPage', { label }) : label;
}
