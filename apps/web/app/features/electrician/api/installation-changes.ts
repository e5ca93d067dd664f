import {
  ELECTRICIAN_MSG,
  type CompleteInstallationBody,
  type Installation,
  type InstallationPhaseBody,
} from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ELECTRICIAN_INVALIDATES } from './keys';

const installationPath = (id: string) => `/api/electrician/installations/${encodeURIComponent(id)}`;
type Answer = { installation: Installation };

/** POST /api/electrician/installations {customer_id, installation_date, status: in_progress}. */
export async function startInstallation(input: {
  customerId: string;
  date: string | null;
}): Promise<Installation> {
  const result = await apiRequest<Answer>('/api/electrician/installations', {
    method: 'POST',
    body: {
      customer_id: input.customerId,
      ...(input.date ? { installation_date: input.date } : {}),
      status: 'in_progress',
    },
  });
  return result.installation;
}

export function useStartInstallation() {
  return useMutation({
    mutationFn: startInstallation,
    meta: feedback({
      success: ELECTRICIAN_MSG.installationStarted,
      error: ELECTRICIAN_MSG.installationStartFailed,
      invalidates: ELECTRICIAN_INVALIDATES,
    }),
  });
}

/** POST /api/electrician/installations/{id}/phase {phase, notes}. */
export async function updatePhase(input: { id: string; body: InstallationPhaseBody }): Promise<Installation> {
  const result = await apiRequest<Answer>(`${installationPath(input.id)}/phase`, {
    method: 'POST',
    body: input.body,
  });
  return result.installation;
}

export function useUpdatePhase() {
  return useMutation({
    mutationFn: updatePhase,
    meta: feedback({
      success: ELECTRICIAN_MSG.phaseUpdated,
      error: ELECTRICIAN_MSG.phaseUpdateFailed,
      invalidates: ELECTRICIAN_INVALIDATES,
    }),
  });
}

/** POST /api/electrician/installations/{id}/complete with either body of the spec. */
export async function completeInstallation(input: {
  id: string;
  body: CompleteInstallationBody;
}): Promise<Installation> {
  const result = await apiRequest<Answer>(`${installationPath(input.id)}/complete`, {
    method: 'POST',
    body: input.body,
  });
  return result.installation;
}

export function useCompleteInstallation() {
  return useMutation({
    mutationFn: completeInstallation,
    meta: feedback({
      success: ELECTRICIAN_MSG.installationCompleted,
      error: ELECTRICIAN_MSG.installationCompleteFailed,
      invalidates: ELECTRICIAN_INVALIDATES,
    }),
  });
}
