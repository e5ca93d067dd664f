import {
  ADMIN_DEVICE_ASSIGNMENTS,
  ADMIN_DEVICE_CONNECTIVITY,
  DEVICE_TYPES,
  MAX_ADMIN_SEARCH_LENGTH,
} from '@isaac/contract';

type Connectivity = (typeof ADMIN_DEVICE_CONNECTIVITY)[number];
type Assignment = (typeof ADMIN_DEVICE_ASSIGNMENTS)[number];
type DeviceType = (typeof DEVICE_TYPES)[number];

/** The admin Devices screen's search and filters, as kept in the URL (`?search=&type=&status=&…&page=`). */
export interface AdminDeviceFilters {
  search: string;
  type: DeviceType | null;
  status: Connectivity | null;
  assignment: Assignment | null;
  firmwareVersion: string | null;
  page: number;
}

export const NO_ADMIN_DEVICE_FILTERS: AdminDeviceFilters = {
  search: '',
  type: null,
  status: null,
  assignment: null,
  firmwareVersion: null,
  page: 1,
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** Reads the filters from a URL query; unknown values fall back to "no filter", a bad page to 1. */
export function parseAdminDeviceFilters(params: URLSearchParams): AdminDeviceFilters {
  const pageText = params.get('page');
  const page = pageText && /^\d+$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return {
    search: (params.get('search') ?? '').slice(0, MAX_ADMIN_SEARCH_LENGTH),
    type: oneOf(DEVICE_TYPES, params.get('type')),
    status: oneOf(ADMIN_DEVICE_CONNECTIVITY, params.get('status')),
    assignment: oneOf(ADMIN_DEVICE_ASSIGNMENTS, params.get('assignment')),
    firmwareVersion: params.get('firmware_version')?.trim() || null,
    page,
  };
}

/** The query of the filters (URL and API alike); defaults are left out. */
function filterParams(filters: AdminDeviceFilters): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.search.trim();
  if (search) params.set('search', search);
  if (filters.type) params.set('type', filters.type);
  if (filters.status) params.set('status', filters.status);
  if (filters.assignment) params.set('assignment', filters.assignment);
  if (filters.firmwareVersion) params.set('firmware_version', filters.firmwareVersion);
  return params;
}

/** The URL query: a clean URL means "every device, page 1". */
export function adminDeviceFiltersToParams(filters: AdminDeviceFilters): URLSearchParams {
  const params = filterParams(filters);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The API query of `GET /api/admin/devices`. */
export function adminDeviceListSearch(filters: AdminDeviceFilters, pageSize: number): string {
  const params = filterParams(filters);
  params.set('page', String(filters.page));
  params.set('page_size', String(pageSize));
  return params.toString();
}

/** Changing a filter or the search starts again at page 1. */
export function withAdminDeviceFilter(
  filters: AdminDeviceFilters,
  patch: Partial<Omit<AdminDeviceFilters, 'page'>>,
): AdminDeviceFilters {
  return { ...filters, ...patch, page: 1 };
}

export function hasAdminDeviceFilter(filters: AdminDeviceFilters): boolean {
  return filterParams(filters).size > 0;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
