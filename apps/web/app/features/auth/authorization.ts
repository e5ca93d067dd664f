import {
  AUTH_PATHS,
  ERROR_CODE,
  MSG,
  type AuthorizationCheck,
  type AuthorizationRequest,
} from '@isaac/contract';
import { ApiError, apiRequest } from '~/lib/api-client';
import { oauthQuery } from './oauth';

/**
 * Voice-assistant account linking (issue 12, ADR 035): the authorization request /login and the consent
 * screen carry, checked by the API before anything else happens.
 */

export const consentPath = (request: AuthorizationRequest) => `${AUTH_PATHS.consent}?${oauthQuery(request)}`;

/** What to show for a request the API refused: the spec's message for an unknown client or redirect URI. */
export function authorizationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === ERROR_CODE.invalidRedirect) return MSG.invalidRedirect;
    if (error.status === 400 && error.serverMessage) return error.serverMessage;
  }
  return 'Could not check the link request. Check your connection and try again.';
}

/** Who asks (client name, what it may do), or throws (400 for an unknown client or redirect URI). */
export function checkAuthorization(request: AuthorizationRequest): Promise<AuthorizationCheck> {
  return apiRequest<AuthorizationCheck>(`/api/oauth/authorize/check?${oauthQuery(request)}`, {
    handleUnauthorized: false,
  });
}

/** The owner's decision; resolves with where the browser goes next (the client, with the code or an error). */
export async function decideAuthorization(request: AuthorizationRequest, allow: boolean): Promise<string> {
  const { redirect } = await apiRequest<{ redirect: string }>('/api/oauth/authorize', {
    method: 'POST',
    body: { ...request, allow },
  });
  return redirect;
}
