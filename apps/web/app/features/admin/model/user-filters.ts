import { ALL_ROLES, USER_STATUSES, type RoleCode, type UserStatus } from '@isaac/contract';

/** The Users screen's filters, as kept in the URL query (`?search=&role=&status=&page=`). */
export interface UserFilters {
  search: string;
  role: RoleCode | null;
  status: UserStatus | null;
  page: number;
}

export const NO_USER_FILTERS: UserFilters = { search: '', role: null, status: null, page: 1 };

/** Reads the filters from a URL query; unknown or malformed values fall back to "no filter" / page 1. */
export function parseUserFilters(params: URLSearchParams): UserFilters {
  const role = Number(params.get('role'));
  const status = params.get('status');
  const pageText = params.get('page');
  const page = pageText && /^\d+$/.test(pageText) ? Number(pageText) : 1;
  return {
    search: params.get('search')?.trim() ?? '',
    role: ALL_ROLES.find((code) => code === role) ?? null,
    status: USER_STATUSES.find((s) => s === status) ?? null,
    page: Math.max(1, page),
  };
}

/** The URL query for the filters; defaults are left out so a clean URL means "everyone, page 1". */
export function userFiltersToParams(filters: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.role !== null) params.set('role', String(filters.role));
  if (filters.status) params.set('status', filters.status);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Changing the search or a filter starts again at page 1. */
export function withUserFilter(
  filters: UserFilters,
  patch: Partial<Pick<UserFilters, 'search' | 'role' | 'status'>>,
): UserFilters {
  return { ...filters, ...patch, page: 1 };
}

export function hasUserFilter(filters: UserFilters): boolean {
  return filters.search !== '' || filters.role !== null || filters.status !== null;
}

/** The API query of `GET /api/admin/users` for the filters. */
export function userListSearch(filters: UserFilters, pageSize: number): string {
  const params = userFiltersToParams({ ...filters, page: 1 });
  params.set('page', String(filters.page));
  params.set('page_size', String(pageSize));
  return params.toString();
}
