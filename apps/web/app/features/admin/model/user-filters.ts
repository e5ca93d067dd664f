import { ADMIN_USER_SORTS, ALL_ROLES, USER_STATUSES } from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** /admin/users: `?search=&role=&status=&sort=&order=&page=` (the list kit's URL model, ADR 065). */
export const userListView = listView({
  sorts: ADMIN_USER_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: { role: { values: ALL_ROLES.map(String) }, status: { values: USER_STATUSES } },
});
export type UserListState = ListState<(typeof ADMIN_USER_SORTS)[number], 'role' | 'status'>;
