import { CONTACT_MESSAGE_STATES, ORDER_STATUSES } from '@isaac/contract';

/** A list screen's filters as kept in the URL: a search, one choice filter (`?status=` / `?state=`), a page. */
export interface ChoiceFilters<C extends string> {
  search: string;
  choice: C | null;
  page: number;
}

/**
 * The URL and API query of a list with a search box and one choice filter (the orders and contact
 * messages screens): unknown or malformed values fall back to "no filter" / page 1, defaults are left out
 * of the URL, and changing the search or the choice starts again at page 1.
 */
export function choiceFilters<C extends string>(param: string, choices: readonly C[]) {
  const none: ChoiceFilters<C> = { search: '', choice: null, page: 1 };
  const toParams = (filters: ChoiceFilters<C>): URLSearchParams => {
    const params = new URLSearchParams();
    if (filters.search) params.set('search', filters.search);
    if (filters.choice) params.set(param, filters.choice);
    if (filters.page > 1) params.set('page', String(filters.page));
    return params;
  };
  return {
    none,
    parse(params: URLSearchParams): ChoiceFilters<C> {
      const choice = params.get(param);
      const pageText = params.get('page');
      return {
        search: params.get('search')?.trim() ?? '',
        choice: choices.find((c) => c === choice) ?? null,
        page: pageText && /^\d+$/.test(pageText) ? Math.max(1, Number(pageText)) : 1,
      };
    },
    toParams,
    with(filters: ChoiceFilters<C>, patch: Partial<Pick<ChoiceFilters<C>, 'search' | 'choice'>>) {
      return { ...filters, ...patch, page: 1 };
    },
    isFiltered: (filters: ChoiceFilters<C>) => filters.search !== '' || filters.choice !== null,
    /** The API query: the URL's filters plus page and page_size. */
    apiSearch(filters: ChoiceFilters<C>, pageSize: number): string {
      const params = toParams({ ...filters, page: 1 });
      params.set('page', String(filters.page));
      params.set('page_size', String(pageSize));
      return params.toString();
    },
  };
}

/** /admin/orders: `?search=&status=&page=`. */
export const orderFilters = choiceFilters('status', ORDER_STATUSES);
/** /admin/messages: `?search=&state=open|handled&page=`. */
export const messageFilters = choiceFilters('state', CONTACT_MESSAGE_STATES);

export type OrderFilters = ChoiceFilters<(typeof ORDER_STATUSES)[number]>;
export type MessageFilters = ChoiceFilters<(typeof CONTACT_MESSAGE_STATES)[number]>;
