/** Query keys of the admin Installations board (issue 15). */
export const installationJobKeys = {
  board: () => ['admin', 'installation-jobs'] as const,
};

/** What the board's words are (success toast, the dialog's fallback error, the load error). */
export const INSTALLATION_JOB_TEXT = {
  loadError: 'Error loading installation jobs',
  empty: 'No installation jobs yet',
  scheduled: 'Installation scheduled',
  assignFailed: 'Could not schedule the installation',
  chooseBoth: 'Choose an electrician and a date',
} as const;
