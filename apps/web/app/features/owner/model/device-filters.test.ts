// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deviceListView, NO_ROOM } from './device-filters';

const params = (query: string) => new URLSearchParams(query);

describe('the owner device list in the URL', () => {
  it('reads room, type, sort and page; ignores unknown types, sorts and malformed pages', () => {
    expect(deviceListView.parse(params('room_id=r1&type=lumos&sort=name&order=asc&page=3'))).toEqual({
      search: '',
      filters: { room_id: 'r1', type: 'lumos' },
      sort: 'name',
      order: 'asc',
      page: 3,
    });
    expect(deviceListView.parse(params(`room_id=${NO_ROOM}`)).filters).toEqual({ room_id: NO_ROOM });
    expect(deviceListView.parse(params('type=toaster&sort=serial&page=-2&room_id='))).toEqual(
      deviceListView.none,
    );
  });

  it('writes only what differs from the defaults and asks the API for all of it', () => {
    const state = { ...deviceListView.none, filters: { room_id: 'r9', type: 'isaac' }, page: 2 };
    expect(deviceListView.write(params(''), state).toString()).toBe('room_id=r9&type=isaac&page=2');
    expect(deviceListView.apiSearch(state, 12)).toBe(
      'room_id=r9&type=isaac&sort=created_at&order=desc&page=2&page_size=12',
    );
  });
});
