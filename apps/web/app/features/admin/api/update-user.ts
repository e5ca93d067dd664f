import { type AdminUserUpdate, type User, ADMIN_MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { invalidateUsers } from './users-cache';

/**
 * PUT /api/admin/users/:id {name, email, username, mobile, role, status} → {user}. A role change or a
 * deactivation ends that user's sessions (server side).
 */
export function updateUser({ id, body }: { id: string; body: AdminUserUpdate }): Promise<{ user: User }> {
  return apiRequest<{ user: User }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      toast.success(ADMIN_MSG.userUpdated);
    },
    onError: (err) => {
      toast.error(errorMessage(err, ADMIN_MSG.userUpdateFailed));
    },
    onSettled: () => invalidateUsers(client),
  });
}
