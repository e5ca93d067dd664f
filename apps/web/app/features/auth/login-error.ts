import { MSG } from '@isaac/contract';
import { ApiError } from '~/lib/api-client';

/** What /login shows when signing in fails: the server's message, else the spec's fallback. */
export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? MSG.loginFailed;
  if (err instanceof Error && err.message === MSG.csrfFetchFailed) return MSG.csrfFetchFailed;
  return MSG.loginFailed;
}
