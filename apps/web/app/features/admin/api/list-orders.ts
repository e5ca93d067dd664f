import type { OrderList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { orderListView, type OrderListState } from '../model/inbox-filters';
import { inboxKeys } from './inbox-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/orders?search=&status=&sort=&order=&page=&page_size= → {orders, page, page_size, total}. */
export function listOrders(
  state: OrderListState,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OrderList> {
  return apiRequest<OrderList>(`/api/admin/orders?${orderListView.apiSearch(state, pageSize)}`, { signal });
}

export function useOrderList(state: OrderListState, pageSize: number) {
  return useQuery({
    queryKey: inboxKeys.orderList(state, pageSize),
    queryFn: ({ signal }) => listOrders(state, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
