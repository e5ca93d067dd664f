import { describe, expect, it } from 'vitest';
import {
  NO_ADMIN_DEVICE_FILTERS,
  adminDeviceFiltersToParams,
  adminDeviceListSearch,
  hasAdminDeviceFilter,
  parseAdminDeviceFilters,
  withAdminDeviceFilter,
} from './admin-device-filters';

describe('admin device filters', () => {
  it('reads every filter from the URL and ignores unknown values', () => {
    const filters = parseAdminDeviceFilters(
      new URLSearchParams(
        'search=hall&type=lumos&status=online&assignment=available&firmware_version=1.2.0&page=3',
      ),
    );
    expect(filters).toEqual({
      search: 'hall',
      type: 'lumos',
      status: 'online',
      assignment: 'available',
      firmwareVersion: '1.2.0',
      page: 3,
    });
    expect(
      parseAdminDeviceFilters(new URLSearchParams('type=toaster&status=x&assignment=y&page=-2')),
    ).toEqual(NO_ADMIN_DEVICE_FILTERS);
  });

  it('writes a clean URL for the defaults and round-trips the rest', () => {
    expect(adminDeviceFiltersToParams(NO_ADMIN_DEVICE_FILTERS).toString()).toBe('');
    const filters = { ...NO_ADMIN_DEVICE_FILTERS, search: ' serial ', status: 'offline' as const, page: 2 };
    expect(parseAdminDeviceFilters(adminDeviceFiltersToParams(filters))).toEqual({
      ...filters,
      search: 'serial',
    });
    expect(hasAdminDeviceFilter(filters)).toBe(true);
    expect(hasAdminDeviceFilter({ ...NO_ADMIN_DEVICE_FILTERS, search: '   ' })).toBe(false);
  });

  it('asks the API for the page and size; a changed filter goes back to page 1', () => {
    const next = withAdminDeviceFilter({ ...NO_ADMIN_DEVICE_FILTERS, page: 4 }, { type: 'isaac' });
    expect(next.page).toBe(1);
    expect(adminDeviceListSearch(next, 20)).toBe('type=isaac&page=1&page_size=20');
  });
});
