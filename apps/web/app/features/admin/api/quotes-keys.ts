import type { LeadListState, QuoteListState } from '../model/quote-lists';

/** Query keys of the admin Quotes screen: its quotes and its leads (contact messages asking for a quote). */
export const quoteKeys = {
  quotes: () => ['admin', 'quotes'] as const,
  quoteList: (state: QuoteListState, pageSize: number) =>
    ['admin', 'quotes', { ...state, pageSize }] as const,
  /** The leads are contact messages: under the Messages screen's key, so handling one refreshes both. */
  leads: (state: LeadListState) => ['admin', 'contact-messages', 'leads', state] as const,
};

/** Quotes and leads per page on the Quotes screen. */
export const QUOTES_PAGE_SIZE = 20;
export const LEADS_PAGE_SIZE = 10;
