import type { AdminUserList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { userListView, type UserListState } from '../model/user-filters';
import { ADMIN_QUERY_OPTIONS, adminUserKeys } from './users-keys';

/** GET /api/admin/users?search=&role=&status=&sort=&order=&page=&page_size= → {users, page, page_size, total}. */
export function listUsers(
  state: UserListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminUserList> {
  return apiRequest<AdminUserList>(`/api/admin/users?${userListView.apiSearch(state, pageSize)}`, { signal });
}

export function useUserList(state: UserListState, pageSize: number) {
  return useQuery({
    queryKey: adminUserKeys.userList(state, pageSize),
    queryFn: ({ signal }) => listUsers(state, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
