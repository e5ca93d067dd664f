import { MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { ownerKeys } from './keys';

/** DELETE /api/rooms/:id → {message}; the room's devices stay and become unassigned. */
export function deleteRoom(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/rooms/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRoom() {
  return useMutation({
    mutationFn: deleteRoom,
    meta: feedback({
      success: MSG.roomDeleted,
      error: MSG.roomDeleteFailed,
      invalidates: [ownerKeys.rooms(), ownerKeys.devices(), ownerKeys.dashboard()],
    }),
  });
}
