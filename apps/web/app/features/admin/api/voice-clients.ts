import type {
  NewOAuthClient,
  OAuthClient,
  OAuthClientListResponse,
  OAuthClientSecretResponse,
  OAuthClientUpdate,
} from '@isaac/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { feedback } from '~/lib/mutation-feedback';

/** Query keys of Settings → Voice linking (issue 12); every change refetches `all`. */
export const voiceClientKeys = {
  all: ['admin', 'oauth-clients'] as const,
};

const BASE = '/api/admin/oauth-clients';
const byId = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

/** GET /api/admin/oauth-clients: the registered voice-linking clients (100: more than a business has). */
export function useVoiceClients() {
  return useQuery({
    queryKey: voiceClientKeys.all,
    queryFn: ({ signal }) => apiRequest<OAuthClientListResponse>(`${BASE}?page_size=100`, { signal }),
    ...DASHBOARD_QUERY_OPTIONS,
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
