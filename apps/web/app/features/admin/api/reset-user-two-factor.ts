import { ADMIN_MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';
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

/** As the screen's other row actions (end-user-sessions.ts): its own toasts, then the list refetches. */
export function useResetUserTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetUserTwoFactor,
    onSuccess: () => {
      toast.success(ADMIN_MSG.userTwoFactorReset);
    },
    onError: (err) => {
      toast.error(errorMessage(err, ADMIN_MSG.userTwoFactorResetFailed));
    },
    onSettled: () => client.invalidateQueries({ queryKey: adminUserKeys.users() }),
  });
}
