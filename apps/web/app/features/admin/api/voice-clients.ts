import {
  OAUTH_CLIENT_SORTS,
  type NewOAuthClient,
  type OAuthClient,
  type OAuthClientListResponse,
  type OAuthClientSecretResponse,
  type OAuthClientUpdate,
} from '@isaac/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { listView, type ListState } from '~/components/list';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { feedback } from '~/lib/mutation-feedback';

/** Settings → Voice linking's list in the URL: `?clients_sort=&clients_order=&clients_page=` (ADR 065). */
export const voiceClientListView = listView({
  sorts: OAUTH_CLIENT_SORTS,
  sort: 'created_at',
  order: 'desc',
  prefix: 'clients_',
});
export type VoiceClientListState = ListState<(typeof OAUTH_CLIENT_SORTS)[number]>;
/** Clients per page. */
export const VOICE_CLIENTS_PAGE_SIZE = 20;

/** Query keys of Settings → Voice linking (issue 12); every change refetches `all`. */
export const voiceClientKeys = {
  all: ['admin', 'oauth-clients'] as const,
  list: (state: VoiceClientListState) => ['admin', 'oauth-clients', state] as const,
};

const BASE = '/api/admin/oauth-clients';
const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** GET /api/admin/oauth-clients?sort=&order=&page=&page_size=: a page of the registered voice-linking clients. */
export function useVoiceClients(state: VoiceClientListState) {
  return useQuery({
    queryKey: voiceClientKeys.list(state),
    queryFn: ({ signal }) =>
      apiRequest<OAuthClientListResponse>(
        `${BASE}?${voiceClientListView.apiSearch(state, VOICE_CLIENTS_PAGE_SIZE)}`,
        { signal },
      ),
    ...DASHBOARD_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}

const changed = (error: string) =>
  feedback<{ message: string }, unknown>({
    success: (result) => result.message,
    error,
    invalidates: [voiceClientKeys.all],
  });

/** POST: registers a client; the answer carries its secret, shown once. */
export function useRegisterVoiceClient() {
  return useMutation({
    mutationFn: (body: NewOAuthClient) =>
      apiRequest<OAuthClientSecretResponse>(BASE, { method: 'POST', body }),
    // Field errors are shown in the dialog: no error toast.
    meta: feedback<{ message: string }, unknown>({
      success: (result) => result.message,
      invalidates: [voiceClientKeys.all],
    }),
  });
}

/** PUT: the client's name and redirect URIs. */
export function useUpdateVoiceClient() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OAuthClientUpdate }) =>
      apiRequest<{ message: string; client: OAuthClient }>(byId(id), { method: 'PUT', body }),
    meta: feedback<{ message: string }, unknown>({
      success: (result) => result.message,
      invalidates: [voiceClientKeys.all],
    }),
  });
}

/** POST …/secret: a new secret (shown once); the old one stops working. */
export function useRotateVoiceClientSecret() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<OAuthClientSecretResponse>(`${byId(id)}/secret`, { method: 'POST' }),
    meta: changed('Failed to issue a new secret'),
  });
}

/** DELETE: removes the client; every owner linked through it is unlinked. */
export function useRemoveVoiceClient() {
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(byId(id), { method: 'DELETE' }),
    meta: changed('Failed to remove the client'),
  });
}
