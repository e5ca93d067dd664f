import type { InstallationJobBoard } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { installationJobKeys, jobBoardView, type JobBoardState } from './installation-jobs-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/**
 * GET /api/admin/installation-jobs?search=&sort=&order= → {jobs, counts}: the open jobs and the newest
 * completed and cancelled (the board is not paged: its closed columns keep the newest).
 */
export function listInstallationJobs(
  state: JobBoardState,
  signal?: AbortSignal,
): Promise<InstallationJobBoard> {
  const params = new URLSearchParams(jobBoardView.apiSearch(state, 1));
  params.delete('page');
  params.delete('page_size');
  return apiRequest<InstallationJobBoard>(`/api/admin/installation-jobs?${params.toString()}`, { signal });
}

export function useInstallationJobs(state: JobBoardState) {
  return useQuery({
    queryKey: installationJobKeys.boardOf(state),
    queryFn: ({ signal }) => listInstallationJobs(state, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
