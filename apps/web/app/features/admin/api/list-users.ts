import type { AdminUserList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { userListSearch, type UserFilters } from '../model/user-filters';
import { ADMIN_QUERY_OPTIONS, adminUserKeys } from './users-keys';

/** GET /api/admin/users?page=&page_size=&search=&role=&status= → {users, page, page_size, total}. */
export function listUsers(
  filters: UserFilters,
  pageSize: number,
  signal?: AbortSignal,
): Promise<AdminUserList> {
  return apiRequest<AdminUserList>(`/api/admin/users?${userListSearch(filters, pageSize)}`, { signal });
}

export function useUserList(filters: UserFilters, pageSize: number) {
  return useQuery({
    queryKey: adminUserKeys.userList(filters, pageSize),
    queryFn: ({ signal }) => listUsers(filters, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
