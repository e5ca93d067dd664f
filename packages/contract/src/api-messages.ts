/**
 * Messages the API sends that clients show or match, each in ONE place (no zod: the web's API client
 * imports it on every page). Module-specific messages live in their module (`<MODULE>_MESSAGES`).
 */
export const API_MSG = {
  authorizationRequired: 'Authorization required. Please sign in.',
  /** A token whose session was revoked, expired or belongs to someone else (and the web's text for it). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  invalidToken: 'Invalid token',
  deviceNotFound: 'Device not found',
  roomNotFound: 'Room not found',
  orderNotFound: 'Order not found',
} as const;
