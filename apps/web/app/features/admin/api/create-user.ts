import { type AdminUserCreate, type User, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { USER_INVALIDATES } from './users-cache';

/** POST /api/admin/users {name, email, username, password, mobile, role} → 201 {user}. */
export function createUser(body: AdminUserCreate): Promise<{ user: User }> {
  return apiRequest<{ user: User }>('/api/admin/users', { method: 'POST', body });
}

export function useCreateUser() {
  return useMutation({
    mutationFn: createUser,
    meta: feedback({
      success: ADMIN_MSG.userAdded,
      error: ADMIN_MSG.userAddFailed,
      invalidates: USER_INVALIDATES,
    }),
  });
}
