import { MSG, type Room, type RoomInput } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { invalidate } from './cache';
import { ownerKeys } from './keys';

/** POST /api/rooms {name, type} → 201 {room}. */
export function createRoom(body: RoomInput): Promise<{ room: Room }> {
  return apiRequest<{ room: Room }>('/api/rooms', { method: 'POST', body });
}

export function useCreateRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createRoom,
    onSuccess: () => {
      toast.success(MSG.roomCreated);
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.roomCreateFailed));
    },
    onSettled: () => invalidate(client, ownerKeys.rooms(), ownerKeys.dashboard()),
  });
}
