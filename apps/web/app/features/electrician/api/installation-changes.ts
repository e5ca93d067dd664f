import {
  ELECTRICIAN_MSG,
  type CompleteInstallationBody,
  type Installation,
  type InstallationPhaseBody,
} from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { sendOrQueue, type Queued } from '~/lib/offline/outbox';
import { ELECTRICIAN_INVALIDATES } from './keys';
import { afterChange, offlineFeedback, updateCachedInstallation } from './offline';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/electrician-texts';

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

/** POST /api/electrician/installations/{id}/phase {phase, notes}; works offline (ADR 070). */
export async function updatePhase(input: {
  id: string;
  body: InstallationPhaseBody;
}): Promise<Installation | Queued> {
  const result = await sendOrQueue<Answer>({
    path: `${installationPath(input.id)}/phase`,
    body: input.body,
    label: i18n.t(input.body.notes ? 'electrician:queued.phaseNotes' : 'electrician:queued.phase', {
      phase: i18n.t(`electrician:phases.${input.body.phase}`),
    }),
    subject: input.id,
  });
  return 'installation' in result ? result.installation : result;
}

export function useUpdatePhase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updatePhase,
    meta: offlineFeedback(ELECTRICIAN_MSG.phaseUpdated, ELECTRICIAN_MSG.phaseUpdateFailed),
    onSuccess: (result, { id, body }) =>
      afterChange(client, result, () =>
        updateCachedInstallation(client, id, (i) => ({
          ...i,
          phase: body.phase,
          ...(body.notes ? { notes: body.notes } : {}),
        })),
      ),
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
