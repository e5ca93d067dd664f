import { MSG, type OtherSessionsEnded } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';
import { accountKeys } from './keys';
import type { SessionsResponse } from './list-sessions';

/** POST /api/account/sessions/revoke-others → {message, sessions_ended}: every other device signed out. */
export function endOtherSessions(): Promise<OtherSessionsEnded> {
  return apiRequest<OtherSessionsEnded>('/api/account/sessions/revoke-others', { method: 'POST' });
}

/** Only this device's session stays in the list at once; the list refetches afterwards. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    meta: feedback<OtherSessionsEnded>({
      success: (result) => result.message,
      error: MSG.otherSessionsEndFailed,
      invalidates: [accountKeys.sessions()],
    }),
    onSuccess: () => {
      client.setQueryData<SessionsResponse>(accountKeys.sessions(), (data) =>
        data ? { sessions: data.sessions.filter((s) => s.current) } : data,
      );
    },
  });
}
