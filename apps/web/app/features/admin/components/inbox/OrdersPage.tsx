import { ADMIN_MSG, ORDER_STATUSES } from '@isaac/contract';
import { ShoppingCart } from 'lucide-react';
import { INBOX_PAGE_SIZE } from '../../api/inbox-keys';
import { useOrderList } from '../../api/list-orders';
import { orderFilters } from '../../model/inbox-filters';
import { ORDER_STATUS_LABELS, OrdersTable } from './OrdersTable';
import { FilteredListScreen } from './PagedList';
import { useChoiceFilters } from './use-choice-filters';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));

/**
 * /admin/orders: the storefront's orders, newest first — search (customer name or e-mail, order id or
 * payment id) and status kept in the URL, a page at a time.
 */
export function OrdersPage() {
  const view = useChoiceFilters(orderFilters);
  const list = useOrderList(view.filters, INBOX_PAGE_SIZE);
  return (
    <FilteredListScreen
      title="Orders"
      intro="Orders placed in the shop."
      nouns={{ one: 'order', many: 'orders' }}
      view={view}
      search={{ label: 'Find orders', placeholder: 'Customer, e-mail, order or payment id' }}
      choice={{ label: 'Status', placeholder: 'All statuses', options: STATUS_OPTIONS }}
      query={list}
      items={(data) => data.orders}
      errorTitle={ADMIN_MSG.loadOrders}
      empty={{
        icon: ShoppingCart,
        title: ADMIN_MSG.noOrders,
        filteredText: 'No order matches this search and status.',
        text: 'Orders appear here once someone checks out in the shop.',
      }}
    >
      {(orders, dimmed) => <OrdersTable orders={orders} dimmed={dimmed} />}
    </FilteredListScreen>
  );
}
