import type { FirmwareListState } from '../model/firmware';

/** Query keys of the firmware screens; uploads and deletes refetch `all`. */
export const firmwareKeys = {
  all: ['admin', 'firmware'] as const,
  list: (state: FirmwareListState) => ['admin', 'firmware', state] as const,
};

/** Firmware per page on the firmware screen. */
export const FIRMWARE_PAGE_SIZE = 20;
