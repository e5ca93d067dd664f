import { ShoppingBag } from 'lucide-react';
import { ListBody, ListHeader, ListToolbar, useListView } from '~/components/list';
import { ButtonLink, byTime, type SortOption } from '~/components/ui';
import { STOREFRONT_PATHS } from '~/lib/paths';
import { ORDERS_PAGE_SIZE, ownerOrderListView, useMyOrders } from '../../api/list-orders';
import { OrderCard, OrderCardSkeleton } from './OrderCard';
import { useOwnerT } from '~/lib/i18n/owner-texts';
import owner from '~/lib/i18n/en/owner';

export const ORDERS_TEXT = {
  loadError: owner.orders.loadError,
  empty: owner.orders.empty,
} as const;

const SORT_OPTIONS: SortOption[] = [
  ...byTime(),
  { sort: 'amount', order: 'desc', label: owner.orders.sortAmountDesc },
  { sort: 'amount', order: 'asc', label: owner.orders.sortAmountAsc },
  { sort: 'status', order: 'asc', label: owner.orders.sortStatus },
];

/**
 * /owner/orders: my orders as cards — status, payment, installation and the invoice — newest first or sorted,
 * a page at a time (in the URL).
 */
export function OrdersPage() {
  const view = useListView(ownerOrderListView);
  const list = useMyOrders(view.state, ORDERS_PAGE_SIZE);
  const { t } = useOwnerT();
  return (
    <div className="space-y-6">
      <ListHeader
        title={t('orders.title')}
        intro={t('orders.intro')}
        total={list.data?.total}
        nouns={{ one: t('orders.one'), many: t('orders.many') }}
      />
      <ListToolbar list={view} sortOptions={SORT_OPTIONS} />
      <ListBody
        query={list}
        items={(data) => data.orders}
        noun={t('orders.noun')}
        loadingLabel={t('orders.loading')}
        errorTitle={t('orders.loadError')}
        empty={{
          icon: ShoppingBag,
          title: t('orders.empty'),
          text: t('orders.emptyText'),
          action: <ButtonLink to={STOREFRONT_PATHS.home}>{t('orders.shop')}</ButtonLink>,
        }}
        list={view}
        skeleton={
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <OrderCardSkeleton key={i} />
            ))}
          </div>
        }
      >
        {(orders, dimmed) => (
          <ul
            aria-label={t('orders.list')}
            className={`grid gap-4 md:grid-cols-2 xl:grid-cols-3 ${dimmed ? 'opacity-60' : ''}`}
          >
            {orders.map((order) => (
              <li key={order._id} className="flex">
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
      </ListBody>
    </div>
  );
}
