import { MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { accountKeys } from './keys';
import type { SessionsResponse } from './list-sessions';

/** DELETE /api/account/sessions/:id: signs that device out. */
export function endSession(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** The ended session leaves the list at once; the list refetches afterwards. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    meta: feedback({
      success: MSG.sessionEnded,
      error: MSG.sessionEndFailed,
      invalidates: [accountKeys.sessions()],
    }),
    onSuccess: (_result, id) => {
      client.setQueryData<SessionsResponse>(accountKeys.sessions(), (data) =>
        data ? { sessions: data.sessions.filter((s) => s._id !== id) } : data,
      );
    },
  });
}
