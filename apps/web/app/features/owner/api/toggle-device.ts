import { MSG, type Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { withPowerToggled } from '../model/device-cache';
import { storeServerDevice, updateDeviceEverywhere } from './cache';
import { ownerKeys } from './keys';

/** POST /api/devices/:id/toggle (no payload) → {device}. */
export function toggleDevice(id: string): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>(`/api/devices/${encodeURIComponent(id)}/toggle`, { method: 'POST' });
}

/**
 * Turn On / Turn Off. Optimistic: every card showing the device flips at once; if the server refuses,
 * the cards go back and the failure toast shows (server message first).
 */
export function useToggleDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (device: Device) => toggleDevice(device._id),
    onMutate: async (device) => ({
      rollback: await updateDeviceEverywhere(client, device._id, withPowerToggled),
    }),
    meta: feedback({
      success: MSG.deviceToggled,
      error: MSG.deviceToggleFailed,
      invalidates: [ownerKeys.devices(), ownerKeys.rooms()],
    }),
    onError: (_err, _device, context) => context?.rollback(),
    onSuccess: ({ device }) => storeServerDevice(client, device),
  });
}
