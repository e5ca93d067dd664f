import { DASHBOARD_QUERY_RETRY, LIST_REFETCH_INTERVAL_MS } from '@isaac/contract';

/**
 * Spec section 9 for dashboard screens: refetch every 30 s, retry once, no refetch on focus. Data fetched
 * in the last few seconds is not fetched again when a screen mounts: the owner dashboard's route starts
 * its requests before the page mounts (routes/owner.dashboard.tsx), and the page takes their answers.
 */
export const DASHBOARD_QUERY_OPTIONS = {
  refetchInterval: LIST_REFETCH_INTERVAL_MS,
  staleTime: 5_000,
  retry: DASHBOARD_QUERY_RETRY,
  refetchOnWindowFocus: false,
} as const;
