import { CONTACT_MESSAGE_SORTS, QUOTE_SORTS } from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** The Quotes screen's sent quotes: `?search=&sort=&order=&page=` (the list kit, ADR 065). */
export const quoteListView = listView({
  sorts: QUOTE_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
});
export type QuoteListState = ListState<(typeof QUOTE_SORTS)[number]>;

/** Its leads (open quote requests), beside it in the URL: `?leads_search=&leads_sort=&leads_page=`. */
export const leadListView = listView({
  sorts: CONTACT_MESSAGE_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
  prefix: 'leads_',
});
export type LeadListState = ListState<(typeof CONTACT_MESSAGE_SORTS)[number]>;
