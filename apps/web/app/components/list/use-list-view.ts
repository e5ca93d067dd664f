import type { SortOrder } from '@isaac/contract';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { TableSort } from '~/components/ui';
import { useUrlSearchBox } from '~/lib/use-url-search-box';
import type { ListState, ListView } from './list-view';

/**
 * A list screen's view kept in the URL (`listView`): the state read from it, the search box's text (shown at
 * once; the URL, and so the request, follow once typing pauses), and the changes — a filter, a page, a sort
 * (a column header or the phone's sort menu), Clear. A change of search, filter or sort starts at page 1.
 */
export function useListView<S extends string, F extends string = never>(view: ListView<S, F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = view.parse(searchParams);
  // The URL a change builds on: the last one asked for, not the one this render shows. A navigation renders
  // in a transition, so on a slow phone a second change (a sort chosen right after a filter) can come before
  // the page shows the first — built on the render's URL it would drop the filter.
  const latest = useRef(searchParams);
  // A URL the page shows (a change committed, the back button) is the base again.
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);
  const apply = (change: (now: ListState<S, F>) => ListState<S, F>, replace = false) => {
    const next = view.write(latest.current, change(view.parse(latest.current)));
    latest.current = next;
    setSearchParams(next, { replace });
  };
  const [text, setText] = useUrlSearchBox(state.search, (search) =>
    apply((now) => view.with(now, { search }), true),
  );
  const isSort = (name: string): name is S => (view.spec.sorts as readonly string[]).includes(name);
  const sortBy = (name: string) => {
    if (isSort(name)) apply((now) => view.sortBy(now, name));
  };
  const setSort = (name: string, order: SortOrder) => {
    if (isSort(name)) apply((now) => ({ ...now, sort: name, order, page: 1 }));
  };
  return {
    view,
    state,
    text,
    setText,
    filtered: view.isFiltered(state),
    setFilter: (name: F, value: string | null) =>
      apply((now) => view.with(now, { filters: { [name]: value } as never })),
    setPage: (page: number) => apply((now) => ({ ...now, page })),
    sortBy,
    setSort,
    clear: () => {
      setText('');
      apply((now) => view.cleared(now));
    },
    apiSearch: (pageSize: number) => view.apiSearch(state, pageSize),
    /**
     * The table's sort: `columns` maps a column id to its sort when they differ (the Orders table's Order
     * column sorts by `created_at`); every column named like a sort sorts by it.
     */
    tableSort(columns: Partial<Record<string, S>> = {}): TableSort {
      const byId: Record<string, string> = Object.fromEntries(view.spec.sorts.map((sort) => [sort, sort]));
      for (const [id, sort] of Object.entries(columns)) if (sort) byId[id] = sort;
      return {
        sort: state.sort,
        order: state.order,
        columns: byId,
        onSort: sortBy,
        onSortOrder: setSort,
      };
    },
  };
}

export type ListViewControls<S extends string, F extends string = never> = ReturnType<
  typeof useListView<S, F>
>;
