import { MSG, type Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { withGangToggled } from '../model/device-cache';
import { invalidate, storeServerDevice, updateDeviceEverywhere } from './cache';
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
    onError: (err, _vars, context) => {
      context?.rollback();
      toast.error(errorMessage(err, MSG.deviceToggleFailed));
    },
    onSuccess: ({ device }) => {
      storeServerDevice(client, device);
      toast.success(MSG.deviceToggled);
    },
    onSettled: () => invalidate(client, ownerKeys.devices(), ownerKeys.rooms()),
  });
}
