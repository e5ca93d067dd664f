import { DASHBOARD_QUERY_RETRY, LIST_REFETCH_INTERVAL_MS } from '@isaac/contract';
import type { UserListState } from '../model/user-filters';

/** Query keys of the admin Users screen; each mutation invalidates the prefixes it affects. */
export const adminUserKeys = {
  users: () => ['admin', 'users'] as const,
  userList: (state: UserListState, pageSize: number) => ['admin', 'users', { ...state, pageSize }] as const,
  /** The admin dashboard shows user counts and the first page of users. */
  dashboard: () => ['admin', 'dashboard'] as const,
};

/** Spec section 9 for dashboard screens: refetch every 30 s, retry once, no refetch on focus. */
export const ADMIN_QUERY_OPTIONS = {
  refetchInterval: LIST_REFETCH_INTERVAL_MS,
  staleTime: 5_000,
  retry: DASHBOARD_QUERY_RETRY,
  refetchOnWindowFocus: false,
} as const;

/** Users per page on the Users screen. */
export const USERS_PAGE_SIZE = 20;
