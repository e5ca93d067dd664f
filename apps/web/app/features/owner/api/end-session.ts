import { MSG } from '@isaac/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '~/lib/toast';
import { apiRequest, errorMessage } from '~/lib/api-client';
import type { SessionsResponse } from './list-sessions';
import { accountKeys } from './keys';

/** DELETE /api/account/sessions/:id: signs that device out. */
export function endSession(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSuccess: (_result, id) => {
      client.setQueryData<SessionsResponse>(accountKeys.sessions(), (data) =>
        data ? { sessions: data.sessions.filter((s) => s._id !== id) } : data,
      );
      toast.success(MSG.sessionEnded);
    },
    onError: (err) => {
      toast.error(errorMessage(err, MSG.sessionEndFailed));
    },
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
