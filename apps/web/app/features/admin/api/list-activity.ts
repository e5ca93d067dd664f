import type { ActivityPage } from '@isaac/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { adminKeys, type ActivityFilters } from './keys';

/** Entries per page of the activity feed. */
export const ACTIVITY_PAGE_SIZE = 25;

/** GET /api/admin/activity → one page of the activity log, newest first (`next_cursor` for the next). */
export function listActivity(
  filters: ActivityFilters,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(limit));
  return apiRequest<ActivityPage>(`/api/admin/activity?${params.toString()}`, { signal });
}

export const activityFeedQuery = (filters: ActivityFilters, limit = ACTIVITY_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: adminKeys.activityFeed(filters),
    queryFn: ({ pageParam, signal }) => listActivity(filters, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchOnWindowFocus: false,
  });

export function useActivityFeed(filters: ActivityFilters) {
  return useInfiniteQuery(activityFeedQuery(filters));
}
