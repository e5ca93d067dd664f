import type { Automation } from '@isaac/contract';
import { useState } from 'react';
import { Badge, ErrorState, Modal, Pagination, Spinner } from '~/components/ui';
import { formatDateTimeIn } from '~/lib/format';
import { useAutomationRuns } from '../api/automations';
import { OUTCOME_TONES } from '../model/messages';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/** An automation's history: each run's trigger, outcome and steps, newest first. */
export function RunsDialog({
  automation,
  timeZone,
  onClose,
}: {
  automation: Automation;
  /** The home's: runs are shown on the clock their schedules use. */
  timeZone?: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const runs = useAutomationRuns(automation._id, page);
  const { t } = useOwnerT();
  return (
    <Modal open onClose={onClose} size="lg" title={t('automations.runs.title', { name: automation.name })}>
      {runs.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner label={t('automations.runs.loading')} />
        </div>
      ) : runs.isError ? (
        <ErrorState
          title={t('automations.runs.loadFailed')}
          onRetry={() => void runs.refetch()}
          retrying={runs.isFetching}
        />
      ) : runs.data.runs.length === 0 ? (
        <p className="p-4 text-sm text-slate-400">{t('automations.runs.none')}</p>
      ) : (
        <>
          <ol className="space-y-3">
            {runs.data.runs.map((run) => (
              <li key={run._id} className="rounded-lg border border-slate-700 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm font-medium text-white">{run.trigger}</p>
                  <Badge tone={OUTCOME_TONES[run.outcome]}>{t(`automations.outcomes.${run.outcome}`)}</Badge>
                </div>
                <p className="text-xs text-slate-400">
                  <time dateTime={run.started_at}>{formatDateTimeIn(run.started_at, timeZone)}</time>
                </p>
                <ul className="mt-2 space-y-1 text-sm text-slate-300">
                  {run.steps.map((step, i) => (
                    <li key={i}>
                      <span className="sr-only">{step.outcome}: </span>
                      <span aria-hidden="true">
                        {step.outcome === 'done' ? '✓' : step.outcome === 'failed' ? '✗' : '–'}{' '}
                      </span>
                      {step.detail}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <Pagination
            className="mt-4"
            page={page}
            pageCount={Math.max(1, Math.ceil(runs.data.total / runs.data.page_size))}
            onPageChange={setPage}
            label={t('automations.runs.pages')}
          />
        </>
      )}
    </Modal>
  );
}
