import { MSG, type Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { storeServerDevice } from './cache';
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
    meta: feedback({
      success: MSG.deviceUnassigned,
      error: MSG.deviceUnassignFailed,
      invalidates: [ownerKeys.devices(), ownerKeys.rooms()],
    }),
    onSuccess: ({ device }) => storeServerDevice(client, device),
  });
}
