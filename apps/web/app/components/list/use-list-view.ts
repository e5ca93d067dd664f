import type { SortOrder } from '@isaac/contract';
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
  const apply = (next: ListState<S, F>, replace = false) =>
    setSearchParams((current) => view.write(current, next), { replace });
  const [text, setText] = useUrlSearchBox(state.search, (search) =>
    apply(view.with(state, { search }), true),
  );
  const isSort = (name: string): name is S => (view.spec.sorts as readonly string[]).includes(name);
  const sortBy = (name: string) => {
    if (isSort(name)) apply(view.sortBy(state, name));
  };
  const setSort = (name: string, order: SortOrder) => {
    if (isSort(name)) apply({ ...state, sort: name, order, page: 1 });
  };
  return {
    view,
    state,
    text,
    setText,
    filtered: view.isFiltered(state),
    setFilter: (name: F, value: string | null) =>
      apply(view.with(state, { filters: { [name]: value } as never })),
    setPage: (page: number) => apply({ ...state, page }),
    sortBy,
    setSort,
    clear: () => {
      setText('');
      apply(view.cleared(state));
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
