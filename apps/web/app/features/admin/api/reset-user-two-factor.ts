import { ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { adminUserKeys } from './users-keys';

/**
 * POST /api/admin/users/:id/two-factor/reset → {message}: turns the user's two-factor sign-in off (a lost
 * phone) and ends their sessions (ADR 028).
 */
export function resetUserTwoFactor(id: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/api/admin/users/${encodeURIComponent(id)}/two-factor/reset`, {
    method: 'POST',
  });
}

export function useResetUserTwoFactor() {
  return useMutation({
    mutationFn: resetUserTwoFactor,
    meta: feedback({
      success: ADMIN_MSG.userTwoFactorReset,
      error: ADMIN_MSG.userTwoFactorResetFailed,
      invalidates: [adminUserKeys.users()],
    }),
  });
}
