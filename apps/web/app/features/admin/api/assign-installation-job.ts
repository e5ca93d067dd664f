import type { InstallationJob } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { assignmentKeys } from './assignments-keys';
import { INSTALLATION_JOB_TEXT, installationJobKeys } from './installation-jobs-keys';

export interface JobAssignment {
  jobId: string;
  electricianId: string;
  installationDate: string;
}

/** POST /api/admin/installation-jobs/:id/assign {electrician_id, installation_date} → the job. */
export function assignInstallationJob({
  jobId,
  electricianId,
  installationDate,
}: JobAssignment): Promise<InstallationJob> {
  return apiRequest<InstallationJob>(`/api/admin/installation-jobs/${encodeURIComponent(jobId)}/assign`, {
    method: 'POST',
    body: { electrician_id: electricianId, installation_date: installationDate },
  });
}

/**
 * Assign or reschedule: a success toast, then the board (and the electricians' counts and customers) refetched.
 * No failure toast: the dialog shows the server's message where the choice is made.
 */
export function useAssignInstallationJob() {
  return useMutation({
    mutationFn: assignInstallationJob,
    meta: feedback({
      success: INSTALLATION_JOB_TEXT.scheduled,
      invalidates: [installationJobKeys.board(), assignmentKeys.electricians(), assignmentKeys.customers()],
    }),
  });
}
