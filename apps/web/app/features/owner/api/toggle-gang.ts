import { MSG, type Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { withGangToggled } from '../model/device-cache';
import { storeServerDevice, updateDeviceEverywhere } from './cache';
import { ownerKeys } from './keys';

export interface GangToggle {
  id: string;
  gangIndex: number;
}

/** POST /api/devices/:id/gang/:gangIndex/toggle → {device}. */
export function toggleGang({ id, gangIndex }: GangToggle): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>(`/api/devices/${encodeURIComponent(id)}/gang/${gangIndex}/toggle`, {
    method: 'POST',
  });
}

/** One gang of a Lumos switch, optimistic like the power toggle. */
export function useToggleGang() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: toggleGang,
    onMutate: async ({ id, gangIndex }) => ({
      rollback: await updateDeviceEverywhere(client, id, (device) => withGangToggled(device, gangIndex)),
    }),
    meta: feedback({
      success: MSG.deviceToggled,
      error: MSG.deviceToggleFailed,
      invalidates: [ownerKeys.devices(), ownerKeys.rooms()],
    }),
    onError: (_err, _vars, context) => context?.rollback(),
    onSuccess: ({ device }) => storeServerDevice(client, device),
  });
}
