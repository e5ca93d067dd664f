import { MSG, type Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { invalidate, storeServerDevice } from './cache';
import { ownerKeys } from './keys';

/** POST /api/devices/:id/unassign-room → {device}. */
export function unassignDeviceFromRoom(deviceId: string): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>(`/api/devices/${encodeURIComponent(deviceId)}/unassign-room`, {
    method: 'POST',
  });
}

export function useUnassignRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unassignDeviceFromRoom,
    onSuccess: ({ device }) => {
      storeServerDevice(client, device);
      toast.success(MSG.deviceUnassigned);
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.deviceUnassignFailed));
    },
    onSettled: () => invalidate(client, ownerKeys.devices(), ownerKeys.rooms()),
  });
}
