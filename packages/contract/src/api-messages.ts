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
  /** A command to a device that is not connected (issue 13). */
  deviceOffline: 'Device is offline',
  /** A command the device did not acknowledge in time. */
  deviceNoResponse: 'Device did not respond',
  /** A command the device refused (its acknowledgement said why). */
  deviceRefused: (reason: string) => `Device refused the command: ${reason}`,
  roomNotFound: 'Room not found',
  /** A second room of the same name in one home (letter case aside): 409, shown on the name field. */
  roomNameTaken: 'This home already has a room with this name. Choose another name.',
  orderNotFound: 'Order not found',
  contactMessageNotFound: 'Message not found',
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app',
  invalidTwoFactorCode: 'Invalid or expired code. Check your authenticator app and try again.',
  invalidRecoveryCode: 'Invalid or already used recovery code',
  twoFactorEnrolmentRequired: 'Set up two-factor sign-in in your security settings to use the admin area',
} as const;
