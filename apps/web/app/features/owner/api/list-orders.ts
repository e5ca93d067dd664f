import type { OwnerOrderList } from '@isaac/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { DASHBOARD_QUERY_OPTIONS } from '~/lib/query-options';
import { ownerKeys } from './keys';

/** GET /api/orders → my orders, newest first, each with its installation (the Orders screen and the invoice). */
export function listMyOrders(signal?: AbortSignal): Promise<OwnerOrderList> {
  return apiRequest<OwnerOrderList>('/api/orders', { signal });
}

export function useMyOrders() {
  return useQuery({
    queryKey: ownerKeys.orders(),
    queryFn: ({ signal }) => listMyOrders(signal),
    ...DASHBOARD_QUERY_OPTIONS,
  });
}
