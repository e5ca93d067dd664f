import {
  ELECTRICIAN_MSG,
  type GuidedStep,
  type Installation,
  type ReopenInstallationBody,
  type SignatureBody,
  TRAINING_ITEMS,
} from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ELECTRICIAN_INVALIDATES, electricianKeys } from './keys';

/**
 * The guided install's calls (ADR 034): start or resume, read the installation (its step is the server's),
 * add a device by serial, record the step, confirm training, save the signature. Every change refetches
 * the area, so the installation read here follows.
 */
type Answer = { installation: Installation };
const path = (id: string) => `/api/electrician/installations/${encodeURIComponent(id)}`;

export function useGuidedInstallation(id: string | null) {
  return useQuery({
    queryKey: [...electricianKeys.installations(), 'one', id ?? ''],
    queryFn: async ({ signal }) => (await apiRequest<Answer>(path(id ?? ''), { signal })).installation,
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

/** POST …/{id}/step {step}. */
export const useSetStep = change(({ id, step }: { id: string; step: GuidedStep }) =>
  apiRequest<Answer>(`${path(id)}/step`, { method: 'POST', body: { step } }),
);

/** POST …/{id}/training {items}: every item of the checklist. */
export const useConfirmTraining = change(
  (id: string) =>
    apiRequest<Answer>(`${path(id)}/training`, { method: 'POST', body: { items: [...TRAINING_ITEMS] } }),
  ELECTRICIAN_MSG.trainingConfirmed,
);

/** POST …/{id}/signature {signer_name, image}. */
export const useSaveSignature = change(
  ({ id, body }: { id: string; body: SignatureBody }) =>
    apiRequest<Answer>(`${path(id)}/signature`, { method: 'POST', body }),
  ELECTRICIAN_MSG.signatureSaved,
);

/** POST …/{id}/reopen {reason}: clears the final signature (audited) so the customer can sign again. */
export const useReopenInstallation = change(
  ({ id, body }: { id: string; body: ReopenInstallationBody }) =>
    apiRequest<Answer>(`${path(id)}/reopen`, { method: 'POST', body }),
  ELECTRICIAN_MSG.installationReopened,
);
