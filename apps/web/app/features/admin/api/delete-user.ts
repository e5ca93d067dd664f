import { ADMIN_MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { invalidateUsers } from './users-cache';

/** DELETE /api/admin/users/:id → {message}; an owner's devices stay and become available. */
export function deleteUser(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      toast.success(ADMIN_MSG.userDeleted);
    },
    onError: (err) => {
      toast.error(errorMessage(err, ADMIN_MSG.userDeleteFailed));
    },
    onSettled: () => invalidateUsers(client),
  });
}
