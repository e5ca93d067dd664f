/** Query keys of the admin Quotes screen: its quotes and its leads (contact messages asking for a quote). */
export const quoteKeys = {
  quotes: () => ['admin', 'quotes'] as const,
  quoteList: (page: number, pageSize: number) => ['admin', 'quotes', { page, pageSize }] as const,
  /** The leads are contact messages: under the Messages screen's key, so handling one refreshes both. */
  leads: (search: string) => ['admin', 'contact-messages', 'leads', { search }] as const,
};

/** Quotes per page, and leads shown, on the Quotes screen. */
export const QUOTES_PAGE_SIZE = 20;
export const LEADS_PAGE_SIZE = 10;
