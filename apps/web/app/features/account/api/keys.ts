/** Query keys of the signed-in user's own account (every role). */
export const accountKeys = {
  sessions: () => ['account', 'sessions'] as const,
  twoFactor: () => ['account', 'two-factor'] as const,
};
