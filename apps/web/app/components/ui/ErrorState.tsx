import { AlertTriangle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';
import { useCommonT } from '~/lib/i18n';
import { useLocaliseMessage } from '~/lib/i18n/messages';

interface ErrorStateProps {
  /** The spec's load error, e.g. 'Error loading dashboard data'. */
  title: string;
  /** More detail, e.g. the error's message. */
  message?: ReactNode;
  onRetry?: () => void;
  /** While true the Retry button shows a spinner. */
  retrying?: boolean;
  retryLabel?: string;
  className?: string;
}

/** A load failure with a Retry button (DESIGN.md: every screen has its error state with Retry). */
export function ErrorState({
  title,
  message,
  onRetry,
  retrying = false,
  retryLabel,
  className,
}: ErrorStateProps) {
  const { t } = useCommonT();
  const localise = useLocaliseMessage();
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col items-center justify-center rounded-xl border border-red-500/40 bg-red-500/10 px-6 py-10 text-center',
        className,
      )}
    >
      <AlertTriangle aria-hidden="true" className="h-10 w-10 text-red-400" />
      <h3 className="mt-3 text-base font-semibold text-red-100">{localise(title)}</h3>
      {message ? (
        <p className="mt-1 max-w-md text-sm break-words text-red-200/80">
          {typeof message === 'string' ? localise(message) : message}
        </p>
      ) : null}
      {onRetry ? (
        <Button
          variant="outline"
          className="mt-5"
          onClick={onRetry}
          loading={retrying}
          icon={<RotateCw aria-hidden="true" className="h-4 w-4" />}
        >
          {retryLabel ?? t('ui.retry')}
        </Button>
      ) : null}
    </div>
  );
}
