// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { listView, pageCount, pageSummary } from './list-view';

/** A list like the admin Users screen's: a search, two filters, sorts, newest first by default. */
const users = listView({
  sorts: ['name', 'email', 'created_at'] as const,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: { role: { values: ['1', '2', '3'] }, version: { values: null, api: 'firmware_version' } },
});

const params = (query: string) => new URLSearchParams(query);

describe('listView: the URL of a list screen', () => {
  it('reads the search, filters, sort and page; malformed or unknown values fall back to the defaults', () => {
    expect(users.parse(params('search=%20asha%20&role=1&version=1.2.0&sort=name&order=asc&page=3'))).toEqual({
      search: 'asha',
      filters: { role: '1', version: '1.2.0' },
      sort: 'name',
      order: 'asc',
      page: 3,
    });
    expect(users.parse(params('role=9&sort=password&order=sideways&page=-2'))).toEqual(users.none);
    expect(users.parse(params('page=x'))).toEqual(users.none);
    expect(users.none).toEqual({ search: '', filters: {}, sort: 'created_at', order: 'desc', page: 1 });
  });

  it('writes only what differs from the defaults, and keeps the URL’s other parameters', () => {
    const state = { ...users.none, search: 'a', filters: { role: '3' }, page: 2 };
    expect(users.write(params('add=1&page=5'), state).toString()).toBe('add=1&search=a&role=3&page=2');
    expect(users.write(params(''), users.none).toString()).toBe('');
    // A sort other than the default names both its column and its order.
    expect(users.write(params(''), { ...users.none, sort: 'created_at', order: 'asc' }).toString()).toBe(
      'sort=created_at&order=asc',
    );
  });

  it('asks the API for everything, filters under their API names', () => {
    const state = { ...users.none, search: 'a', filters: { version: '1.2.0' }, page: 2 };
    expect(users.apiSearch(state, 20)).toBe(
      'search=a&firmware_version=1.2.0&sort=created_at&order=desc&page=2&page_size=20',
    );
    expect(users.apiSearch(users.none, 10)).toBe('sort=created_at&order=desc&page=1&page_size=10');
  });

  it('starts again at page 1 on a new search, filter or sort; the sort stays through filters and Clear', () => {
    const sorted = { ...users.none, sort: 'name' as const, order: 'asc' as const, page: 4 };
    const filtered = users.with(sorted, { filters: { role: '2' } });
    expect(filtered).toMatchObject({ page: 1, sort: 'name', order: 'asc', filters: { role: '2' } });
    expect(users.with(filtered, { filters: { role: null } }).filters).toEqual({});
    expect(users.with(sorted, { search: 'ravi' })).toMatchObject({ search: 'ravi', page: 1 });
    expect(users.isFiltered(users.none)).toBe(false);
    expect(users.isFiltered(filtered)).toBe(true);
    expect(users.cleared({ ...filtered, search: 'x' })).toEqual({
      ...users.none,
      sort: 'name',
      order: 'asc',
    });
  });

  it('sorting by a column: the sorted one turns round, another starts ascending', () => {
    const byName = users.sortBy({ ...users.none, page: 3 }, 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(users.sortBy(byName, 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(users.sortBy(users.none, 'created_at')).toMatchObject({ sort: 'created_at', order: 'asc' });
  });

  it('keeps two lists of one screen apart with a prefix', () => {
    const leads = listView({
      sorts: ['created_at', 'name'] as const,
      sort: 'created_at',
      order: 'desc',
      search: true,
      prefix: 'leads_',
    });
    const url = params('search=quote&page=2&leads_search=meera&leads_page=3');
    expect(leads.parse(url)).toMatchObject({ search: 'meera', page: 3 });
    expect(leads.write(url, leads.none).toString()).toBe('search=quote&page=2');
    // The API knows no prefix.
    expect(leads.apiSearch({ ...leads.none, search: 'meera' }, 10)).toBe(
      'search=meera&sort=created_at&order=desc&page=1&page_size=10',
    );
  });
});

describe('pages', () => {
  it('counts pages (at least one) and sums a page up', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
    expect(pageCount(45, 20)).toBe(3);
    expect(pageSummary(2, 20, 20, 45, 'users')).toBe('Showing 21–40 of 45 users');
  });
});
