import { type EndSessionsResponse, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { feedback } from '~/lib/mutation-feedback';

/** POST /api/admin/users/:id/sessions/revoke → {message, sessions_ended}: signs the user out everywhere. */
export function endUserSessions(id: string): Promise<EndSessionsResponse> {
  return apiRequest<EndSessionsResponse>(`/api/admin/users/${encodeURIComponent(id)}/sessions/revoke`, {
    method: 'POST',
  });
}

export function useEndUserSessions() {
  return useMutation({
    mutationFn: endUserSessions,
    meta: feedback<EndSessionsResponse>({
      success: (result) => ADMIN_MSG.userSessionsEnded(result.sessions_ended),
      error: ADMIN_MSG.userSessionsEndFailed,
    }),
  });
}
