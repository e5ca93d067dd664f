import { MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { invalidate } from './cache';
import { ownerKeys } from './keys';

/** DELETE /api/rooms/:id → {message}; the room's devices stay and become unassigned. */
export function deleteRoom(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/rooms/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteRoom,
    onSuccess: () => {
      toast.success(MSG.roomDeleted);
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.roomDeleteFailed));
    },
    onSettled: () => invalidate(client, ownerKeys.rooms(), ownerKeys.devices(), ownerKeys.dashboard()),
  });
}
