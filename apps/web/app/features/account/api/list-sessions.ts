import type { sessionsResponseSchema } from '@isaac/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { accountKeys } from './keys';

export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;
export type AccountSession = SessionsResponse['sessions'][number];

/** GET /api/account/sessions → {sessions: [{_id, created_at, last_seen_at, user_agent, ip, current}]}. */
export function listSessions(signal?: AbortSignal): Promise<SessionsResponse> {
  return apiRequest<SessionsResponse>('/api/account/sessions', { signal });
}

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: ({ signal }) => listSessions(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });

export function useSessions() {
  return useQuery(sessionsQuery());
}
