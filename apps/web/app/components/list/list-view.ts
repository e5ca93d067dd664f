import { MAX_ADMIN_SEARCH_LENGTH, SORT_ORDERS, type SortOrder } from '@isaac/contract';

/**
 * A list screen's view as the URL keeps it (issue 31: one list kit): the search, the server-side sort
 * (`sort`, `order`: the contract's `sortQueryShape`), the page, and the list's own filters. Defaults are left
 * out of the URL, so a clean URL is "everything, in the list's natural order, page 1"; unknown or malformed
 * values fall back to the defaults. `apiSearch` is the API query: every parameter, spelt out.
 */
export interface ListSpec<S extends string, F extends string = never> {
  /** The columns the server sorts by (the contract's `*_SORTS`), and the server's default order. */
  sorts: readonly S[];
  sort: S;
  order: SortOrder;
  /**
   * Each filter's URL parameter and its allowed values (null: any text). A filter the API spells
   * differently names it in `api` (the Firmware screen's `?type=` is the API's `device_type`).
   */
  filters?: Readonly<Record<F, { values: readonly string[] | null; api?: string }>>;
  /** Whether the list has a search box (`?search=`). */
  search?: boolean;
  /** Prefixes the URL parameters when a screen shows two lists ('leads_' → `?leads_search=`). */
  prefix?: string;
}

export interface ListState<S extends string, F extends string = never> {
  search: string;
  sort: S;
  order: SortOrder;
  page: number;
  filters: Partial<Record<F, string>>;
}

export type ListView<S extends string, F extends string = never> = ReturnType<typeof listView<S, F>>;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** The URL model of a list: parse, write, the API query, and the changes a screen makes. */
export function listView<S extends string, F extends string = never>(spec: ListSpec<S, F>) {
  const prefix = spec.prefix ?? '';
  const filterSpecs = Object.entries(spec.filters ?? {}) as [
    F,
    { values: readonly string[] | null; api?: string },
  ][];
  const none: ListState<S, F> = { search: '', sort: spec.sort, order: spec.order, page: 1, filters: {} };
  const ownKeys = ['search', 'sort', 'order', 'page', ...filterSpecs.map(([name]) => name)].map(
    (key) => `${prefix}${key}`,
  );

  /** The search and filters (URL and API alike); defaults left out. */
  const filterParams = (state: ListState<S, F>, api: boolean): [string, string][] => {
    const entries: [string, string][] = [];
    if (spec.search && state.search) entries.push(['search', state.search]);
    for (const [name, filter] of filterSpecs) {
      const value = state.filters[name];
      if (value) entries.push([api ? (filter.api ?? name) : name, value]);
    }
    return entries;
  };

  return {
    spec,
    none,
    parse(params: URLSearchParams): ListState<S, F> {
      const read = (key: string) => params.get(`${prefix}${key}`);
      const pageText = read('page');
      const filters: Partial<Record<F, string>> = {};
      for (const [name, filter] of filterSpecs) {
        const raw = read(name)?.trim() ?? '';
        const value =
          filter.values === null ? raw.slice(0, MAX_ADMIN_SEARCH_LENGTH) : oneOf(filter.values, raw);
        if (value) filters[name] = value;
      }
      return {
        search: spec.search ? (read('search')?.trim() ?? '').slice(0, MAX_ADMIN_SEARCH_LENGTH) : '',
        sort: oneOf(spec.sorts, read('sort')) ?? spec.sort,
        order: oneOf(SORT_ORDERS, read('order')) ?? spec.order,
        page: pageText && /^\d+$/.test(pageText) ? Math.max(1, Number(pageText)) : 1,
        filters,
      };
    },
    /** `params` with this list's part replaced by `state` (another list's or the screen's own keys stay). */
    write(params: URLSearchParams, state: ListState<S, F>): URLSearchParams {
      const next = new URLSearchParams(params);
      for (const key of ownKeys) next.delete(key);
      for (const [key, value] of filterParams(state, false)) next.set(`${prefix}${key}`, value);
      if (state.sort !== spec.sort || state.order !== spec.order) {
        next.set(`${prefix}sort`, state.sort);
        next.set(`${prefix}order`, state.order);
      }
      if (state.page > 1) next.set(`${prefix}page`, String(state.page));
      return next;
    },
    /** The API query: the search and filters under the API's names, the sort, the page and its size. */
    apiSearch(state: ListState<S, F>, pageSize: number): string {
      const params = new URLSearchParams(filterParams(state, true));
      params.set('sort', state.sort);
      params.set('order', state.order);
      params.set('page', String(state.page));
      params.set('page_size', String(pageSize));
      return params.toString();
    },
    /** A new search or filter starts again at page 1 (the sort stays). */
    with(state: ListState<S, F>, patch: { search?: string; filters?: Partial<Record<F, string | null>> }) {
      const filters = { ...state.filters };
      for (const [name, value] of Object.entries(patch.filters ?? {}) as [F, string | null][]) {
        if (value) filters[name] = value;
        else delete filters[name];
      }
      return { ...state, search: patch.search ?? state.search, filters, page: 1 };
    },
    /**
     * Sorting by a column: the sorted column turns round; another column starts ascending. Page 1 again.
     */
    sortBy(state: ListState<S, F>, sort: S): ListState<S, F> {
      const order: SortOrder = state.sort === sort ? (state.order === 'asc' ? 'desc' : 'asc') : 'asc';
      return { ...state, sort, order, page: 1 };
    },
    isFiltered: (state: ListState<S, F>) => filterParams(state, false).length > 0,
    /** Clears the search and filters; the sort stays. */
    cleared: (state: ListState<S, F>): ListState<S, F> => ({ ...state, search: '', filters: {}, page: 1 }),
  };
}

/** How many pages a list of `total` items has (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The number of a page's first item (21 on page 2 of 20 a page). */
export function pageFirst(page: number, pageSize: number): number {
  return (page - 1) * pageSize + 1;
}

/** 'Showing 21–40 of 95 users' (the English of the catalogue's `list.showing`). */
export function pageSummary(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  noun: string,
): string {
  const first = pageFirst(page, pageSize);
  return `Showing ${first}–${first + shown - 1} of ${total} ${noun}`;
}
