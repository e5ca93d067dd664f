import {
  INSTALLATION_JOB_STATE_LABELS,
  type InstallationJob,
  type InstallationJobState,
} from '@isaac/contract';
import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListToolbar, useListView } from '~/components/list';
import { byTime, cx, type SortOption } from '~/components/ui';
import { INSTALLATION_JOB_TEXT, jobBoardView } from '../../api/installation-jobs-keys';
import { useInstallationJobs } from '../../api/list-installation-jobs';
import { AssignJobDialog } from './AssignJobDialog';
import { JobCard } from './JobCard';

/** The board's columns, in the order a job moves through them (cancelled jobs are listed apart, collapsed). */
const COLUMNS = [
  'unassigned',
  'scheduled',
  'in_progress',
  'completed',
] as const satisfies InstallationJobState[];

const SORT_OPTIONS: SortOption[] = [
  ...byTime(),
  { sort: 'installation_date', order: 'asc', label: 'Installation date (soonest first)' },
  { sort: 'installation_date', order: 'desc', label: 'Installation date (latest first)' },
  { sort: 'customer_name', order: 'asc', label: 'Customer (A–Z)' },
];

/**
 * /admin/installations: paid orders that need installation, as a board — Unassigned, Scheduled, In progress,
 * Completed (stacked sections on a phone), the cancelled ones in a collapsed list. Assign / Reschedule opens
 * the dialog; the board refetches after a change (and every 30 s). A search (customer or order id) and the
 * order within each column are kept in the URL.
 */
export function InstallationsPage() {
  const view = useListView(jobBoardView);
  const board = useInstallationJobs(view.state);
  const [assigning, setAssigning] = useState<InstallationJob | null>(null);
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-400">
        Paid orders that need installation. Assign each to an electrician with a date; the electrician&apos;s
        progress moves it along.
      </p>
      <ListToolbar
        list={view}
        search={{ label: 'Find installation jobs', placeholder: 'Customer, e-mail or order id' }}
        sortOptions={SORT_OPTIONS}
      />
      <ListBody
        query={board}
        items={(data) => data.jobs}
        noun="installation jobs"
        errorTitle={INSTALLATION_JOB_TEXT.loadError}
        empty={{
          icon: Wrench,
          title: INSTALLATION_JOB_TEXT.empty,
          text: 'A paid order that needs installation appears here, ready to be assigned to an electrician.',
          filteredText: 'No installation job matches this search.',
        }}
        list={view}
        skeleton={
          <div className="grid gap-4 lg:grid-cols-4">
            {COLUMNS.map((state) => (
              <div
                key={state}
                className="h-40 animate-pulse rounded-xl border border-slate-700 bg-slate-800/40"
              />
            ))}
          </div>
        }
      >
        {(jobs, dimmed, data) => (
          <Board jobs={jobs} counts={data.counts} dimmed={dimmed} onAssign={setAssigning} />
        )}
      </ListBody>
      {assigning ? <AssignJobDialog job={assigning} onClose={() => setAssigning(null)} /> : null}
    </div>
  );
}

/** The board's columns (stacked on a phone) and the collapsed cancelled jobs. */
function Board({
  jobs,
  counts,
  dimmed,
  onAssign,
}: {
  jobs: InstallationJob[];
  counts: Record<InstallationJobState, number>;
  dimmed: boolean;
  onAssign: (job: InstallationJob) => void;
}) {
  const inState = (state: InstallationJobState) => jobs.filter((job) => job.state === state);
  const cancelled = inState('cancelled');

  return (
    <div className={cx('space-y-6', dimmed && 'opacity-60')}>
      <div className="grid items-start gap-4 lg:grid-cols-4">
        {COLUMNS.map((state) => {
          const headingId = `installation-column-${state}`;
          const columnJobs = inState(state);
          const label = INSTALLATION_JOB_STATE_LABELS[state];
          return (
            <section
              key={state}
              aria-labelledby={headingId}
              className="rounded-xl border border-slate-700 bg-slate-900/60 p-3"
            >
              <h3
                id={headingId}
                className="mb-3 flex items-center justify-between text-sm font-semibold text-white"
              >
                {label}
                <span className="rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300">
                  {counts[state]}
                </span>
              </h3>
              {columnJobs.length === 0 ? (
                <p className="text-sm text-slate-500">None</p>
              ) : (
                <ul className="space-y-3">
                  {columnJobs.map((job) => (
                    <li key={job._id}>
                      <JobCard job={job} onAssign={onAssign} />
                    </li>
                  ))}
                </ul>
              )}
              {state === 'completed' && counts.completed > columnJobs.length ? (
                <p className="mt-3 text-xs text-slate-500">The newest {columnJobs.length} are shown.</p>
              ) : null}
            </section>
          );
        })}
      </div>
      <details className="rounded-xl border border-slate-700 p-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-200">
          {INSTALLATION_JOB_STATE_LABELS.cancelled} ({counts.cancelled})
        </summary>
        {cancelled.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No cancelled jobs.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {cancelled.map((job) => (
              <li key={job._id}>
                <JobCard job={job} onAssign={onAssign} />
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
