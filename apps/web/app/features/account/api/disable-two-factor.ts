import { type twoFactorDisableBodySchema, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '~/lib/api-client';
import { setCurrentUser, useAuth } from '~/lib/auth';
import { feedback } from '~/lib/mutation-feedback';
import { accountKeys } from './keys';

export type TwoFactorDisable = z.input<typeof twoFactorDisableBodySchema>;

/** POST /api/account/two-factor/disable {password, code} → {message}. */
export function disableTwoFactor(body: TwoFactorDisable): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/two-factor/disable', { method: 'POST', body });
}

export function useDisableTwoFactor() {
  const { user } = useAuth();
  return useMutation({
    mutationFn: disableTwoFactor,
    meta: feedback({
      success: ADMIN_MSG.twoFactorOff,
      error: ADMIN_MSG.twoFactorDisableFailed,
      invalidates: [accountKeys.twoFactor()],
    }),
    // The signed-in user's flag follows, without reloading the user (the page keeps its state).
    onSuccess: () => {
      if (user) setCurrentUser({ ...user, two_factor_enabled: false });
    },
  });
}
