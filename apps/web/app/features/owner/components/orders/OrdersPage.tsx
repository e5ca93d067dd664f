import { ShoppingBag } from 'lucide-react';
import { ButtonLink, EmptyState, ErrorState } from '~/components/ui';
import { STOREFRONT_PATHS } from '~/lib/paths';
import { useMyOrders } from '../../api/list-orders';
import { OrderCard, OrderCardSkeleton } from './OrderCard';

export const ORDERS_TEXT = {
  loadError: 'Error loading your orders',
  empty: 'No orders yet',
} as const;

/** /owner/orders: my orders, newest first, as cards — status, payment, installation and the invoice. */
export function OrdersPage() {
  const list = useMyOrders();
  const count = list.data?.orders.length ?? 0;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Your orders</h2>
        <p className="text-sm text-slate-400" aria-live="polite">
          {list.data
            ? `${count} ${count === 1 ? 'order' : 'orders'}`
            : 'What you bought, its installation and its invoice.'}
        </p>
      </div>
      {list.isPending ? (
        <div aria-busy="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <span role="status" className="sr-only">
            Loading your orders…
          </span>
          {Array.from({ length: 3 }, (_, i) => (
            <OrderCardSkeleton key={i} />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState
          title={ORDERS_TEXT.loadError}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : count === 0 ? (
        <EmptyState
          icon={ShoppingBag}
          title={ORDERS_TEXT.empty}
          description="Orders you place in the shop appear here, with their installation and invoice."
          action={<ButtonLink to={STOREFRONT_PATHS.home}>Visit the shop</ButtonLink>}
        />
      ) : (
        <ul aria-label="Orders" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {list.data.orders.map((order) => (
            <li key={order._id} className="flex">
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
