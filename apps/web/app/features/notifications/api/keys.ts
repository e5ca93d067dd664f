/** Query keys of the notification centre (one prefix: every notification query refetches together). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (page: number, unread: boolean) => ['notifications', 'list', page, unread] as const,
  unread: () => ['notifications', 'unread'] as const,
  preferences: () => ['notifications', 'preferences'] as const,
  pushKey: () => ['notifications', 'push-key'] as const,
  thisBrowser: () => ['notifications', 'this-browser'] as const,
};
