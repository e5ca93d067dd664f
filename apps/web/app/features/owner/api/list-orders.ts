import { MAX_PAGE_SIZE, OWNER_ORDER_SORTS, type OwnerOrderList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listView, type ListState } from '~/components/list';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ownerKeys } from './keys';

/** /owner/orders: `?sort=&order=&page=` (the list kit, ADR 065); newest first by default. */
export const ownerOrderListView = listView({ sorts: OWNER_ORDER_SORTS, sort: 'created_at', order: 'desc' });
export type OwnerOrderListState = ListState<(typeof OWNER_ORDER_SORTS)[number]>;
/** Orders per page on the Orders screen. */
export const ORDERS_PAGE_SIZE = 12;

/** GET /api/orders?sort=&order=&page=&page_size= → a page of my orders, each with its installation. */
export function listMyOrders(
  state: OwnerOrderListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OwnerOrderList> {
  return apiRequest<OwnerOrderList>(`/api/orders?${ownerOrderListView.apiSearch(state, pageSize)}`, {
    signal,
  });
}

/**
 * A page of my orders; the invoice screen looks its order up among the newest MAX_PAGE_SIZE (a household's
 * orders, not a shop's).
 */
export function useMyOrders(state: OwnerOrderListState = ownerOrderListView.none, pageSize = MAX_PAGE_SIZE) {
  return useQuery({
    queryKey: [...ownerKeys.orders(), { ...state, pageSize }],
    queryFn: ({ signal }) => listMyOrders(state, pageSize, signal),
    ...DASHBOARD_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
