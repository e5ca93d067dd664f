import type { ActivityQuery } from '@isaac/contract';

/** Query keys of the admin screens; each mutation invalidates the prefixes it affects. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  activity: () => ['admin', 'activity'] as const,
  activityFeed: (filters: ActivityFilters) => ['admin', 'activity', filters] as const,
};

/** The activity screen's filters (the URL's search parameters), without the cursor. */
export type ActivityFilters = Partial<Omit<ActivityQuery, 'cursor' | 'limit'>>;
