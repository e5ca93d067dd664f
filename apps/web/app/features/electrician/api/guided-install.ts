import {
  ELECTRICIAN_MSG,
  type GuidedStep,
  type Installation,
  type ReopenInstallationBody,
  type SignatureBody,
  TRAINING_ITEMS,
} from '@isaac/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { sendOrQueue, type Queued } from '~/lib/offline/outbox';
import { ELECTRICIAN_INVALIDATES, electricianKeys } from './keys';
import { afterChange, offlineFeedback, updateCachedInstallation } from './offline';
import { i18n } from '~/lib/i18n';
import '~/lib/i18n/electrician-texts';

/**
 * The guided install's calls (ADR 034): start or resume, read the installation (its step is the server's),
 * add a device by serial, record the step, confirm training, save the signature. Every change refetches
 * the area, so the installation read here follows.
 */
type Answer = { installation: Installation };
const path = (id: string) => `/api/electrician/installations/${encodeURIComponent(id)}`;

/** GET /api/electrician/installations/{id}: the query (also prefetched for offline use, ADR 070). */
export function installationQuery(id: string) {
  return {
    queryKey: [...electricianKeys.installations(), 'one', id],
    queryFn: async ({ signal }: { signal?: AbortSignal }) =>
      (await apiRequest<Answer>(path(id), { signal })).installation,
  };
}

export function useGuidedInstallation(id: string | null) {
  return useQuery({
    ...installationQuery(id ?? ''),
    enabled: id !== null,
    // While devices are being configured, a device coming online turns it configured: look again every 5 s.
    refetchInterval: (query) => {
      const now = query.state.data;
      return now?.status === 'in_progress' &&
        (now.guided_step === 'configure' || now.guided_step === 'check') &&
        now.devices.some((d) => d.status !== 'configured')
        ? 5000
        : false;
    },
  });
}

const change = <V>(fn: (v: V) => Promise<Answer>, success?: string, error?: string) =>
  function useChange() {
    return useMutation({
      mutationFn: async (v: V) => (await fn(v)).installation,
      meta: feedback({ success, error, invalidates: ELECTRICIAN_INVALIDATES }),
    });
  };

/** POST /api/electrician/installations/guided {customer_id}. */
export const useStartGuided = change(
  (customerId: string) =>
    apiRequest<Answer>('/api/electrician/installations/guided', {
      method: 'POST',
      body: { customer_id: customerId },
    }),
  ELECTRICIAN_MSG.installationSessionStarted,
  ELECTRICIAN_MSG.installationStartFailed,
);

/** POST …/{id}/devices {serial_number}. */
export const useAddDeviceBySerial = change(
  ({ id, serial }: { id: string; serial: string }) =>
    apiRequest<Answer>(`${path(id)}/devices`, { method: 'POST', body: { serial_number: serial } }),
  ELECTRICIAN_MSG.deviceAdded,
  ELECTRICIAN_MSG.deviceAssignFailed,
);

/**
 * A change of the guided install that works offline (ADR 070): sent with an Idempotency-Key, or queued
 * and applied to the cached installation at once (`local`).
 */
function queueable<V extends { id: string }>(
  request: (v: V) => { path: string; body: unknown; label: string },
  local: (installation: Installation, v: V) => Installation,
  success?: string,
) {
  return function useQueueableChange() {
    const client = useQueryClient();
    return useMutation({
      mutationFn: (v: V) => {
        const { path: to, body, label } = request(v);
        return sendOrQueue<Answer>({ path: to, body, label, subject: v.id });
      },
      meta: offlineFeedback(success),
      onSuccess: (result: Answer | Queued, v) =>
        afterChange(client, result, () => updateCachedInstallation(client, v.id, (i) => local(i, v))),
    });
  };
}

/** POST …/{id}/step {step}. */
export const useSetStep = queueable(
  ({ id, step }: { id: string; step: GuidedStep }) => ({
    path: `${path(id)}/step`,
    body: { step },
    label: i18n.t('electrician:queued.step', { step: i18n.t(`electrician:install.stepNames.${step}`) }),
  }),
  (installation, { step }) => ({ ...installation, guided_step: step }),
);

/** POST …/{id}/training {items}: every item of the checklist. */
export const useConfirmTraining = queueable(
  ({ id }: { id: string }) => ({
    path: `${path(id)}/training`,
    body: { items: [...TRAINING_ITEMS] },
    label: i18n.t('electrician:queued.training'),
  }),
  (installation) => ({ ...installation, customer_training_completed: true }),
  ELECTRICIAN_MSG.trainingConfirmed,
);

/** POST …/{id}/signature {signer_name, image}. */
export const useSaveSignature = queueable(
  ({ id, body }: { id: string; body: SignatureBody }) => ({
    path: `${path(id)}/signature`,
    body,
    label: i18n.t('electrician:workflow.signatureOf', { name: body.signer_name }),
  }),
  (installation, { body }) => ({
    ...installation,
    signature: { signed_by: body.signer_name, signed_at: new Date().toISOString() },
  }),
  ELECTRICIAN_MSG.signatureSaved,
);

/** POST …/{id}/reopen {reason}: clears the final signature (audited) so the customer can sign again. */
export const useReopenInstallation = change(
  ({ id, body }: { id: string; body: ReopenInstallationBody }) =>
    apiRequest<Answer>(`${path(id)}/reopen`, { method: 'POST', body }),
  ELECTRICIAN_MSG.installationReopened,
);
