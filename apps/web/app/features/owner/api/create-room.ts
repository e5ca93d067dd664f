import { MSG, type Room, type RoomInput } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ownerKeys } from './keys';

/** POST /api/rooms {name, type} → 201 {room}. */
export function createRoom(body: RoomInput): Promise<{ room: Room }> {
  return apiRequest<{ room: Room }>('/api/rooms', { method: 'POST', body });
}

export function useCreateRoom() {
  return useMutation({
    mutationFn: createRoom,
    meta: feedback({
      success: MSG.roomCreated,
      error: MSG.roomCreateFailed,
      invalidates: [ownerKeys.rooms(), ownerKeys.dashboard()],
    }),
  });
}
