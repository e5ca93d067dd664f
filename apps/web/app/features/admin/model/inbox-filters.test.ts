import { describe, expect, it } from 'vitest';
import { messageFilters, orderFilters } from './inbox-filters';

describe('orders and messages filters in the URL', () => {
  it('reads search, the choice and page; ignores malformed values', () => {
    expect(orderFilters.parse(new URLSearchParams('search=%20asha%20&status=paid&page=3'))).toEqual({
      search: 'asha',
      choice: 'paid',
      page: 3,
    });
    expect(orderFilters.parse(new URLSearchParams('status=shipped&page=-2'))).toEqual(orderFilters.none);
    expect(orderFilters.parse(new URLSearchParams('status=refunded')).choice).toBe('refunded');
    expect(messageFilters.parse(new URLSearchParams('state=open')).choice).toBe('open');
    // each list reads its own parameter
    expect(messageFilters.parse(new URLSearchParams('status=open')).choice).toBeNull();
  });

  it('writes only what differs from the defaults; a new filter starts at page 1', () => {
    const filters = orderFilters.with({ search: 'a', choice: null, page: 4 }, { choice: 'attempted' });
    expect(filters.page).toBe(1);
    expect(orderFilters.toParams(filters).toString()).toBe('search=a&status=attempted');
    expect(orderFilters.apiSearch({ ...filters, page: 2 }, 20)).toBe(
      'search=a&status=attempted&page=2&page_size=20',
    );
    expect(messageFilters.apiSearch(messageFilters.none, 10)).toBe('page=1&page_size=10');
  });

  it('knows when a list is filtered', () => {
    expect(messageFilters.isFiltered(messageFilters.none)).toBe(false);
    expect(messageFilters.isFiltered({ ...messageFilters.none, search: 'x' })).toBe(true);
    expect(messageFilters.isFiltered({ ...messageFilters.none, choice: 'handled' })).toBe(true);
  });
});
