import { type AdminUserCreate, type User, ADMIN_MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { invalidateUsers } from './users-cache';

/** POST /api/admin/users {name, email, username, password, mobile, role} → 201 {user}. */
export function createUser(body: AdminUserCreate): Promise<{ user: User }> {
  return apiRequest<{ user: User }>('/api/admin/users', { method: 'POST', body });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => {
      toast.success(ADMIN_MSG.userAdded);
    },
    onError: (err) => {
      toast.error(errorMessage(err, ADMIN_MSG.userAddFailed));
    },
    onSettled: () => invalidateUsers(client),
  });
}
