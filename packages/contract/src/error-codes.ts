/**
 * The error codes and the auth/CSRF names every client needs. No zod here: the web's API client imports
 * these on every page (including /login), and importing a module that builds schemas would bring zod with it.
 */
export const ERROR_CODE = {
  authorizationRequired: 'authorization_required',
  invalidToken: 'invalid_token',
  tokenExpired: 'token_expired',
  forbidden: 'forbidden',
  csrfRequired: 'csrf_required',
  validation: 'validation_error',
  notFound: 'not_found',
  conflict: 'conflict',
  tooManyRequests: 'too_many_requests',
  invalidCredentials: 'invalid_credentials',
  /** Password right, second factor missing: resubmit the sign-in with `otp` or `recovery_code` (ADR 028). */
  twoFactorRequired: 'two_factor_required',
  /** A wrong, expired or already used authenticator or recovery code. */
  invalidTwoFactorCode: 'invalid_two_factor_code',
  /** An admin who must use two-factor sign-in (ADMIN_TWO_FACTOR_REQUIRED) and has not set it up yet. */
  twoFactorEnrolmentRequired: 'two_factor_enrolment_required',
  /** OAuth mode: an unknown client, or a redirect URI it has not registered (spec: 'Invalid redirect URL…'). */
  invalidRedirect: 'invalid_redirect',
  /** A command to a device that is not connected, or one it did not answer in time / refused (issue 13). */
  deviceOffline: 'device_offline',
  deviceTimeout: 'device_timeout',
  deviceRefused: 'device_refused',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

/** The spec requires the token_expired message to contain this phrase. */
export const TOKEN_EXPIRED_MESSAGE = 'Token has expired';
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'isaac_csrf';
/**
 * The header that makes a retried write safe (ADR 070): the electrician's offline queue sends each change
 * with its own key; the API answers a repeat with the first answer and never applies it twice.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed for a repeated Idempotency-Key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replay';
