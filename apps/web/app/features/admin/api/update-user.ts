import { type AdminUserUpdate, type User, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { USER_INVALIDATES } from './users-cache';

/**
 * PUT /api/admin/users/:id {name, email, username, mobile, role, status} → {user}. A role change or a
 * deactivation ends that user's sessions (server side).
 */
export function updateUser({ id, body }: { id: string; body: AdminUserUpdate }): Promise<{ user: User }> {
  return apiRequest<{ user: User }>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useUpdateUser() {
  return useMutation({
    mutationFn: updateUser,
    meta: feedback({
      success: ADMIN_MSG.userUpdated,
      error: ADMIN_MSG.userUpdateFailed,
      invalidates: USER_INVALIDATES,
    }),
  });
}
