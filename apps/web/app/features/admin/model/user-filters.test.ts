import { describe, expect, it } from 'vitest';
import { pageCount, pageSummary } from './list-pages';
import { parseUserFilters, userFiltersToParams, userListSearch, withUserFilter } from './user-filters';

describe('user filters in the URL', () => {
  it('reads search, role, status and page; ignores malformed values', () => {
    expect(parseUserFilters(new URLSearchParams('search=%20asha%20&role=1&status=inactive&page=3'))).toEqual({
      search: 'asha',
      role: 1,
      status: 'inactive',
      page: 3,
    });
    expect(parseUserFilters(new URLSearchParams('role=9&status=gone&page=-2'))).toEqual({
      search: '',
      role: null,
      status: null,
      page: 1,
    });
  });
  it('writes only what differs from the defaults; a new filter starts at page 1', () => {
    const filters = withUserFilter({ search: 'a', role: null, status: null, page: 4 }, { role: 3 });
    expect(userFiltersToParams(filters).toString()).toBe('search=a&role=3');
    expect(userListSearch({ ...filters, page: 2 }, 20)).toBe('search=a&role=3&page=2&page_size=20');
  });
  it('counts pages (at least one) and sums a page up', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageSummary(2, 20, 20, 45, 'users')).toBe('Showing 21–40 of 45 users');
  });
});
