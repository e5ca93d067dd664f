import { type TwoFactorSetup, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';

/** POST /api/account/two-factor/setup → {secret, otpauth_url, qr_svg_data_url} (shown once). */
export function setupTwoFactor(): Promise<TwoFactorSetup> {
  return apiRequest<TwoFactorSetup>('/api/account/two-factor/setup', { method: 'POST' });
}

export function useSetupTwoFactor() {
  return useMutation({
    mutationFn: setupTwoFactor,
    meta: feedback({ error: ADMIN_MSG.twoFactorSetupFailed }),
  });
}
