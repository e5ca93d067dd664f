import type { LucideIcon } from 'lucide-react';
import { Construction } from 'lucide-react';
import { MSG } from '@isaac/contract';
import type { ReactNode } from 'react';

interface ComingSoonProps {
  /** What the page will be, e.g. 'Reports'. */
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** E.g. a link back to the dashboard. */
  action?: ReactNode;
}

/** A clear placeholder for a screen that is not built yet. */
export function ComingSoon({ title, description, icon: Icon = Construction, action }: ComingSoonProps) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="flex flex-col items-center justify-center rounded-2xl border border-slate-700/80 bg-slate-800/40 px-6 py-16 text-center"
    >
      <span className="rounded-2xl bg-sky-500/10 p-4 text-sky-300">
        <Icon aria-hidden="true" className="h-10 w-10" />
      </span>
      <h2 id="coming-soon-title" className="mt-5 text-xl font-semibold text-white">
        {title}
      </h2>
      <p className="mt-2 inline-flex items-center rounded-full bg-amber-500/15 px-3 py-1 text-sm font-medium text-amber-300 ring-1 ring-amber-500/30 ring-inset">
        {MSG.comingSoon}
      </p>
      <p className="mt-3 max-w-md text-sm text-slate-400">
        {description ?? 'This section is being built and will be available in a future update.'}
      </p>
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  );
}
