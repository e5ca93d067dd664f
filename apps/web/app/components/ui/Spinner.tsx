import { cx } from './cx';
import { useCommonT } from '~/lib/i18n';

const SIZES = { sm: 'h-4 w-4 border-2', md: 'h-6 w-6 border-2', lg: 'h-10 w-10 border-4' } as const;

interface SpinnerProps {
  size?: keyof typeof SIZES;
  /** Read by screen readers; set to null when the spinner sits inside something already labelled. */
  label?: string | null;
  className?: string;
}

/** A spinning ring. With a label it is a polite live region ("Loading…"). */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useCommonT();
  const ring = (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block animate-spin rounded-full border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
        SIZES[size],
        className,
      )}
    />
  );
  if (label === null) return ring;
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label ?? t('ui.loading')}</span>
    </span>
  );
}

/** A whole-screen loading state on the dashboard background (route guard, lazy screens). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-slate-900 text-sky-400">
      <Spinner size="lg" label={label} />
    </div>
  );
}
