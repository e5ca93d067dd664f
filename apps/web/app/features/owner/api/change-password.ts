import { MSG, type passwordChangeSchema } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import type { z } from 'zod';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { accountKeys } from './keys';

export type PasswordChange = z.output<typeof passwordChangeSchema>;

/** POST /api/account/password {current_password, new_password} → {message}; other sessions end. */
export function changePassword(body: PasswordChange): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/api/account/password', { method: 'POST', body });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success(`${MSG.passwordChanged}. ${MSG.otherSessionsEnded}`);
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.passwordChangeFailed));
    },
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
