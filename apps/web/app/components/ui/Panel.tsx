import { ArrowRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from './Spinner';
import { useCommonT } from '~/lib/i18n';

/** A titled dashboard panel with an optional "View All" link. */
export function Panel({
  id,
  title,
  viewAll,
  children,
}: {
  id: string;
  title: string;
  viewAll?: string;
  children: ReactNode;
}) {
  const { t } = useCommonT();
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-700/80 bg-slate-800/40 p-4 sm:p-5"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={id} className="text-base font-semibold text-white">
          {title}
        </h2>
        {viewAll !== undefined && (
          <Link
            to={viewAll}
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-sky-300 hover:text-sky-200 focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            {t('ui.viewAll')} <span className="sr-only">{title.toLowerCase()}</span>
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** A panel's loading state: a spinner with a label for screen readers. */
export function PanelLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10 text-sky-400">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** A dashboard quick action: a card-sized link with an icon, a title and a line of text (in a list). */
export function QuickAction({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full items-center gap-3 rounded-xl border border-slate-700/80 bg-slate-800/60 p-4 transition-colors hover:border-sky-500/50 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        <span className="shrink-0 rounded-lg bg-sky-500/15 p-2.5 text-sky-300">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-white">{title}</span>
          <span className="block text-xs text-slate-400">{text}</span>
        </span>
        <ArrowRight
          aria-hidden="true"
          className="h-4 w-4 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-sky-300"
        />
      </Link>
    </li>
  );
}
