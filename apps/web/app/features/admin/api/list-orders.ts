import type { OrderList } from '@isaac/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { orderFilters, type OrderFilters } from '../model/inbox-filters';
import { inboxKeys } from './inbox-keys';
import { ADMIN_QUERY_OPTIONS } from './users-keys';

/** GET /api/admin/orders?page=&page_size=&search=&status= → {orders, page, page_size, total}. */
export function listOrders(
  filters: OrderFilters,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OrderList> {
  return apiRequest<OrderList>(`/api/admin/orders?${orderFilters.apiSearch(filters, pageSize)}`, { signal });
}

export function useOrderList(filters: OrderFilters, pageSize: number) {
  return useQuery({
    queryKey: inboxKeys.orderList(filters, pageSize),
    queryFn: ({ signal }) => listOrders(filters, pageSize, signal),
    ...ADMIN_QUERY_OPTIONS,
    placeholderData: keepPreviousData,
  });
}
