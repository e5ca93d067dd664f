import { DASHBOARD_QUERY_RETRY, LIST_REFETCH_INTERVAL_MS } from '@isaac/contract';
import type { AdminDeviceFilters } from '../model/admin-device-filters';

/** Query keys of the admin Devices and Electricians screens; each mutation invalidates what it affects. */
export const assignmentKeys = {
  devices: () => ['admin', 'devices'] as const,
  deviceList: (filters: AdminDeviceFilters, pageSize: number) =>
    ['admin', 'devices', 'list', { ...filters, pageSize }] as const,
  deviceStats: () => ['admin', 'devices', 'stats'] as const,
  electricians: () => ['admin', 'electricians'] as const,
  electricianList: (search: string, page: number) => ['admin', 'electricians', { search, page }] as const,
  customers: () => ['admin', 'customers'] as const,
  customerList: (search: string, electricianId: string | null) =>
    ['admin', 'customers', { search, electricianId }] as const,
};

/** Spec section 9 for dashboard screens: refetch every 30 s, retry once, no refetch on focus. */
export const ASSIGNMENT_QUERY_OPTIONS = {
  refetchInterval: LIST_REFETCH_INTERVAL_MS,
  staleTime: 5_000,
  retry: DASHBOARD_QUERY_RETRY,
  refetchOnWindowFocus: false,
} as const;

/** Rows per page of the Devices table. */
export const ADMIN_DEVICES_PAGE_SIZE = 20;
/** Electricians per page; the assign dialogs pick from one page of the largest size. */
export const ELECTRICIANS_PAGE_SIZE = 20;
export const PICKER_PAGE_SIZE = 100;
