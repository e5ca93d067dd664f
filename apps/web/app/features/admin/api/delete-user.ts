import { ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { USER_INVALIDATES } from './users-cache';

/** DELETE /api/admin/users/:id → {message}; an owner's devices stay and become available. */
export function deleteUser(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  return useMutation({
    mutationFn: deleteUser,
    meta: feedback({
      success: ADMIN_MSG.userDeleted,
      error: ADMIN_MSG.userDeleteFailed,
      invalidates: USER_INVALIDATES,
    }),
  });
}
