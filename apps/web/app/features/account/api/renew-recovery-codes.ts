import { type TwoFactorRecoveryCodes, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import type { TwoFactorDisable } from './disable-two-factor';
import { accountKeys } from './keys';

/**
 * POST /api/account/two-factor/recovery-codes {password, code} → {message, recovery_codes}: a new set, shown
 * once; the old ones stop working.
 */
export function renewRecoveryCodes(body: TwoFactorDisable): Promise<TwoFactorRecoveryCodes> {
  return apiRequest<TwoFactorRecoveryCodes>('/api/account/two-factor/recovery-codes', {
    method: 'POST',
    body,
  });
}

export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: renewRecoveryCodes,
    meta: feedback({
      success: ADMIN_MSG.recoveryCodesRenewed,
      error: ADMIN_MSG.recoveryCodesFailed,
      invalidates: [accountKeys.twoFactor()],
    }),
  });
}
