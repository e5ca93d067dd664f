import { MSG, type passwordChangeSchema } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { accountKeys } from './keys';

export type PasswordChange = z.output<typeof passwordChangeSchema>;

/** POST /api/account/password {current_password, new_password} → {message}; other sessions end. */
export function changePassword(body: PasswordChange): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    meta: feedback({
      success: `${MSG.passwordChanged}. ${MSG.otherSessionsEnded}`,
      error: MSG.passwordChangeFailed,
      invalidates: [accountKeys.sessions()],
    }),
  });
}
