import { DASHBOARD_QUERY_RETRY, LIST_REFETCH_INTERVAL_MS, type DeviceType } from '@isaac/contract';

/** Query keys of the firmware screens; uploads and deletes invalidate `all`. */
export const firmwareKeys = {
  all: ['admin', 'firmware'] as const,
  list: (page: number, deviceType: DeviceType | undefined) =>
    ['admin', 'firmware', { page, deviceType: deviceType ?? null }] as const,
};

/** Firmware per page on the firmware screen. */
export const FIRMWARE_PAGE_SIZE = 20;

/** Spec section 9 for dashboard screens: refetch every 30 s, retry once, no refetch on focus. */
export const FIRMWARE_QUERY_OPTIONS = {
  refetchInterval: LIST_REFETCH_INTERVAL_MS,
  retry: DASHBOARD_QUERY_RETRY,
  refetchOnWindowFocus: false,
} as const;
