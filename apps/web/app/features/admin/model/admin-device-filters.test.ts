// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { adminDeviceListView } from './admin-device-filters';

const params = (query: string) => new URLSearchParams(query);

describe('the admin device list in the URL', () => {
  it('reads every filter and the sort, and ignores unknown values', () => {
    const state = adminDeviceListView.parse(
      params(
        'search=hall&type=lumos&status=online&assignment=available&firmware_version=1.2.0&sort=owner&order=asc&page=3',
      ),
    );
    expect(state).toEqual({
      search: 'hall',
      filters: { type: 'lumos', status: 'online', assignment: 'available', firmware_version: '1.2.0' },
      sort: 'owner',
      order: 'asc',
      page: 3,
    });
    expect(
      adminDeviceListView.parse(params('type=toaster&status=x&assignment=y&sort=serial&page=-2')),
    ).toEqual(adminDeviceListView.none);
  });

  it('writes a clean URL for the defaults, round-trips the rest, and asks the API for the page and sort', () => {
    expect(adminDeviceListView.write(params(''), adminDeviceListView.none).toString()).toBe('');
    const state = { ...adminDeviceListView.none, search: 'serial', filters: { status: 'offline' }, page: 2 };
    expect(adminDeviceListView.parse(adminDeviceListView.write(params(''), state))).toEqual(state);
    expect(adminDeviceListView.isFiltered(state)).toBe(true);
    const next = adminDeviceListView.with(state, { filters: { type: 'isaac' } });
    expect(adminDeviceListView.apiSearch(next, 20)).toBe(
      'search=serial&type=isaac&status=offline&sort=created_at&order=desc&page=1&page_size=20',
    );
  });
});
