import { MSG, type Device } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { storeServerDevice } from './cache';
import { ownerKeys } from './keys';

export interface RoomAssignment {
  deviceId: string;
  roomId: string;
}

/** POST /api/devices/:id/assign-room {room_id} → {device}. */
export function assignDeviceToRoom({ deviceId, roomId }: RoomAssignment): Promise<{ device: Device }> {
  return apiRequest<{ device: Device }>(`/api/devices/${encodeURIComponent(deviceId)}/assign-room`, {
    method: 'POST',
    body: { room_id: roomId },
  });
}

/** Assign: the device's room changes in device lists and rooms' device lists. */
export function useAssignRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: assignDeviceToRoom,
    meta: feedback({
      success: MSG.deviceAssigned,
      error: MSG.deviceAssignFailed,
      invalidates: [ownerKeys.devices(), ownerKeys.rooms()],
    }),
    onSuccess: ({ device }) => storeServerDevice(client, device),
  });
}
