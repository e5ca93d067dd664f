import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ownerKeys } from './keys';

interface UpdateStarted {
  message: string;
  rollout_id: string;
  version: string;
}

/** POST /api/devices/:id/update-firmware: Update now (a one-device rollout of the newest image, issue 14). */
export function useUpdateFirmware() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<UpdateStarted>(`/api/devices/${encodeURIComponent(id)}/update-firmware`, { method: 'POST' }),
    meta: feedback<UpdateStarted, string>({
      success: (result) => result.message,
      error: 'The update could not be started',
      invalidates: [ownerKeys.devices()],
    }),
  });
}
