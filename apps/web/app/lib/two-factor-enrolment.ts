import { ERROR_CODE } from '@isaac/contract';
import { ApiError } from './api-client';

/**
 * An admin who must use two-factor sign-in and has not set it up gets 403 `two_factor_enrolment_required`
 * from the admin API (ADR 028). The query client reports every failed query and mutation here, and the
 * admin area listens and sends them to the enrolment screen. (Not in the API client: /login never needs it.)
 */
type Listener = (message: string) => void;
const listeners = new Set<Listener>();

/** Called when a query or mutation fails with two_factor_enrolment_required. Returns an unsubscribe function. */
export function onTwoFactorEnrolmentRequired(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the listeners when `error` is a refusal for want of two-factor enrolment. */
export function reportEnrolmentRequired(error: unknown): void {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODE.twoFactorEnrolmentRequired) return;
  const message = error.serverMessage ?? error.message;
  for (const listener of [...listeners]) listener(message);
}
