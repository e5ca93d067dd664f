import { AlertTriangle, CloudUpload } from 'lucide-react';
import { Button } from '~/components/ui';
import { dismissConflict, useOutbox } from '~/lib/offline/outbox';
import { useElectricianT } from '~/lib/i18n/electrician-texts';
import { formatTime } from '~/lib/format';
import { useLocaliseMessage } from '~/lib/i18n/messages';

/**
 * The electrician's queued changes (ADR 070): how many wait to be sent (in order, once online), and each
 * change the server refused with what happened (the job was reassigned, the installation completed
 * elsewhere…) until the electrician has read it. Nothing when the queue is empty.
 */
export function OutboxPanel() {
  const entries = useOutbox();
  const pending = entries.filter((e) => e.state === 'pending');
  const conflicts = entries.filter((e) => e.state === 'conflict');
  const { t } = useElectricianT();
  const localise = useLocaliseMessage();
  if (entries.length === 0) return null;
  return (
    <section aria-label={t('outbox.changesSavedOnThisPhone')} className="mb-4 space-y-2">
      {pending.length > 0 ? (
        <details className="rounded-xl border border-sky-500/40 bg-sky-500/10 p-3 text-sm text-sky-100">
          <summary className="flex cursor-pointer items-center gap-2">
            <CloudUpload aria-hidden="true" className="h-4 w-4" />
            <span>{t('outbox.pending', { count: pending.length })}</span>
          </summary>
          <ol className="mt-2 list-decimal space-y-1 pl-6 text-sky-200">
            {pending.map((e) => (
              <li key={e.seq}>
                {e.label} <span className="text-xs text-sky-300/80">· {formatTime(e.createdAt)}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {conflicts.map((e) => (
        <div
          key={e.seq}
          role="alert"
          className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 p-3 text-sm text-rose-100"
        >
          <p className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              <span className="font-semibold">{t('outbox.notApplied', { label: e.label })}</span>{' '}
              {localise(e.problem ?? '')}
            </span>
          </p>
          <Button size="sm" variant="outline" onClick={() => void dismissConflict(e.seq ?? 0)}>
            {t('outbox.dismiss')}
            <span className="sr-only"> {e.label}</span>
          </Button>
        </div>
      ))}
    </section>
  );
}
