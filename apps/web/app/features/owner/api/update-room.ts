import { MSG, type Room, type RoomInput } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ownerKeys } from './keys';

export interface RoomUpdate {
  id: string;
  body: RoomInput;
}

/** PUT /api/rooms/:id {name, type} → {room}. */
export function updateRoom({ id, body }: RoomUpdate): Promise<{ room: Room }> {
  return apiRequest<{ room: Room }>(`/api/rooms/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** Edit (rename / retype): devices show their room's name, so device lists refetch too. */
export function useUpdateRoom() {
  return useMutation({
    mutationFn: updateRoom,
    meta: feedback({
      success: MSG.roomUpdated,
      error: MSG.roomUpdateFailed,
      invalidates: [ownerKeys.rooms(), ownerKeys.devices()],
    }),
  });
}
