import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  NO_ROOM,
  deviceFiltersToParams,
  deviceListSearch,
  hasActiveFilter,
  pageCount,
  parseDeviceFilters,
  withFilter,
} from './device-filters';

describe('device filters ↔ URL', () => {
  it('reads room, type and page from the query', () => {
    expect(parseDeviceFilters(new URLSearchParams('room_id=r1&type=lumos&page=3'))).toEqual({
      roomId: 'r1',
      type: 'lumos',
      page: 3,
    });
    expect(parseDeviceFilters(new URLSearchParams(`room_id=${NO_ROOM}`))).toEqual({
      roomId: NO_ROOM,
      type: null,
      page: 1,
    });
  });

  it('ignores unknown types and malformed pages', () => {
    expect(parseDeviceFilters(new URLSearchParams('type=toaster&page=-2&room_id='))).toEqual(NO_FILTERS);
    expect(parseDeviceFilters(new URLSearchParams('page=abc')).page).toBe(1);
    expect(parseDeviceFilters(new URLSearchParams('page=0')).page).toBe(1);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(deviceFiltersToParams(NO_FILTERS).toString()).toBe('');
    const filters = { roomId: 'r9', type: 'isaac', page: 2 } as const;
    const params = deviceFiltersToParams(filters);
    expect(params.toString()).toBe('room_id=r9&type=isaac&page=2');
    expect(parseDeviceFilters(params)).toEqual(filters);
  });

  it('goes back to page 1 when a filter changes', () => {
    const filters = { roomId: null, type: null, page: 4 };
    expect(withFilter(filters, { type: 'skywalker' })).toEqual({ roomId: null, type: 'skywalker', page: 1 });
    expect(withFilter(filters, { roomId: NO_ROOM })).toEqual({ roomId: NO_ROOM, type: null, page: 1 });
  });

  it('knows when a filter is active', () => {
    expect(hasActiveFilter(NO_FILTERS)).toBe(false);
    expect(hasActiveFilter({ ...NO_FILTERS, page: 3 })).toBe(false);
    expect(hasActiveFilter({ ...NO_FILTERS, roomId: NO_ROOM })).toBe(true);
  });
});

describe('deviceListSearch', () => {
  it('builds the API query with page, page size and the filters', () => {
    expect(deviceListSearch(NO_FILTERS, 12)).toBe('page=1&page_size=12');
    expect(deviceListSearch({ roomId: NO_ROOM, type: 'lumos', page: 2 }, 12)).toBe(
      'page=2&page_size=12&room_id=none&type=lumos',
    );
  });
});

describe('pageCount', () => {
  it('rounds up and never says zero pages', () => {
    expect(pageCount(0, 12)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });
});
