import { INSTALLATION_JOB_SORTS } from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** /admin/installations: `?search=&sort=&order=` (the list kit, ADR 065); newest first in each column. */
export const jobBoardView = listView({
  sorts: INSTALLATION_JOB_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
});
export type JobBoardState = ListState<(typeof INSTALLATION_JOB_SORTS)[number]>;

/** Query keys of the admin Installations board (issue 15). */
export const installationJobKeys = {
  board: () => ['admin', 'installation-jobs'] as const,
  boardOf: (state: JobBoardState) => ['admin', 'installation-jobs', state] as const,
};

/** What the board's words are (success toast, the dialog's fallback error, the load error). */
export const INSTALLATION_JOB_TEXT = {
  loadError: 'Error loading installation jobs',
  empty: 'No installation jobs yet',
  scheduled: 'Installation scheduled',
  assignFailed: 'Could not schedule the installation',
  chooseBoth: 'Choose an electrician and a date',
} as const;
