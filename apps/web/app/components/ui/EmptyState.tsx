import type { LucideIcon } from 'lucide-react';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';

interface EmptyStateProps {
  /** The spec's words, e.g. 'No devices found'. */
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** E.g. an 'Add Your First Device' button. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon: Icon = Inbox, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-700 px-6 py-12 text-center',
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-10 w-10 text-slate-500" />
      <h3 className="mt-3 text-base font-semibold text-slate-100">{title}</h3>
      {description ? <p className="mt-1 max-w-md text-sm text-slate-400">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
