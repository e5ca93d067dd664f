import { MSG, type Room, type RoomInput } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { invalidate } from './cache';
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateRoom,
    onSuccess: () => {
      toast.success(MSG.roomUpdated);
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.roomUpdateFailed));
    },
    onSettled: () => invalidate(client, ownerKeys.rooms(), ownerKeys.devices()),
  });
}
