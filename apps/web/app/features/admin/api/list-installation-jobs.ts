import type { InstallationJobBoard } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { installationJobKeys } from './installation-jobs-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/installation-jobs → {jobs, counts}: the open jobs and the newest completed and cancelled. */
export function listInstallationJobs(signal?: AbortSignal): Promise<InstallationJobBoard> {
  return apiRequest<InstallationJobBoard>('/api/admin/installation-jobs', { signal });
}

export function useInstallationJobs() {
  return useQuery({
    queryKey: installationJobKeys.board(),
    queryFn: ({ signal }) => listInstallationJobs(signal),
    ...ADMIN_QUERY_OPTIONS,
  });
}
