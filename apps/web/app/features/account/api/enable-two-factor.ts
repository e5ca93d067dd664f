import { type TwoFactorEnabled, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { setCurrentUser, useAuth } from '~/lib/auth';
import { feedback } from '~/lib/mutation-feedback';
import { accountKeys } from './keys';

/** POST /api/account/two-factor/enable {code} → {message, recovery_codes} (the codes are shown once). */
export function enableTwoFactor(code: string): Promise<TwoFactorEnabled> {
  return apiRequest<TwoFactorEnabled>('/api/account/two-factor/enable', { method: 'POST', body: { code } });
}

export function useEnableTwoFactor() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: enableTwoFactor,
    meta: feedback({
      success: ADMIN_MSG.twoFactorOn,
      error: ADMIN_MSG.twoFactorEnableFailed,
      invalidates: [accountKeys.twoFactor()],
    }),
    // The signed-in user's flag follows, without reloading the user (the page keeps its state).
    onSuccess: () => {
      if (user) setCurrentUser({ ...user, two_factor_enabled: true });
    },
  });
}
