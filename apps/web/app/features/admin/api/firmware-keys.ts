import type { DeviceType } from '@isaac/contract';

/** Query keys of the firmware screens; uploads and deletes refetch `all`. */
export const firmwareKeys = {
  all: ['admin', 'firmware'] as const,
  list: (page: number, deviceType: DeviceType | undefined) =>
    ['admin', 'firmware', { page, deviceType: deviceType ?? null }] as const,
};

/** Firmware per page on the firmware screen. */
export const FIRMWARE_PAGE_SIZE = 20;
