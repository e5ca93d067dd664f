import { type EndSessionsResponse, ADMIN_MSG } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '~/lib/api-client';
import { toast } from '~/lib/toast';

/** POST /api/admin/users/:id/sessions/revoke → {message, sessions_ended}: signs the user out everywhere. */
export function endUserSessions(id: string): Promise<EndSessionsResponse> {
  return apiRequest<EndSessionsResponse>(`/api/admin/users/${encodeURIComponent(id)}/sessions/revoke`, {
    method: 'POST',
  });
}

export function useEndUserSessions() {
  return useMutation({
    mutationFn: endUserSessions,
    onSuccess: (result) => {
      toast.success(ADMIN_MSG.userSessionsEnded(result.sessions_ended));
    },
    onError: (err) => {
      toast.error(errorMessage(err, ADMIN_MSG.userSessionsEndFailed));
    },
  });
}
