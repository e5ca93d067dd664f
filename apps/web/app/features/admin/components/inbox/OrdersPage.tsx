import { ADMIN_MSG, formatInr, ORDER_STATUSES, type Order } from '@isaac/contract';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '~/components/ui';
import { useCancelOrder } from '../../api/cancel-order';
import { INBOX_PAGE_SIZE } from '../../api/inbox-keys';
import { useOrderList } from '../../api/list-orders';
import { useRefundOrder } from '../../api/refund-order';
import { orderFilters } from '../../model/inbox-filters';
import { ORDER_STATUS_LABELS, OrdersTable } from './OrdersTable';
import { LateCapturesPanel } from './LateCapturesPanel';
import { FilteredListScreen } from './PagedList';
import { useChoiceFilters } from './use-choice-filters';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));

/**
 * /admin/orders: the storefront's orders, newest first — search (customer name or e-mail, order id or
 * payment id) and status kept in the URL, a page at a time; an unpaid order can be cancelled and a paid
 * one refunded through the payment provider (each after a confirmation).
 */
export function OrdersPage() {
  const view = useChoiceFilters(orderFilters);
  const list = useOrderList(view.filters, INBOX_PAGE_SIZE);
  const cancel = useCancelOrder();
  const refund = useRefundOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  return (
    <>
      <LateCapturesPanel />
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
        {(orders, dimmed) => (
          <OrdersTable
            orders={orders}
            dimmed={dimmed}
            actions={{ onCancel: setCancelling, onRefund: setRefunding }}
          />
        )}
      </FilteredListScreen>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel order"
        message={
          cancelling
            ? `Cancel order ${cancelling.order_id} of ${cancelling.customer_name} (${formatInr(cancelling.amount)})? It has not been paid.`
            : ''
        }
        confirmLabel="Cancel Order"
        cancelLabel="Keep"
        variant="danger"
        busy={cancel.isPending}
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (cancelling) cancel.mutate({ id: cancelling._id }, { onSettled: () => setCancelling(null) });
        }}
      />
      <ConfirmDialog
        open={refunding !== null}
        title="Refund order"
        message={
          refunding
            ? `Refund ${formatInr(refunding.amount)} to ${refunding.customer_name} for order ${refunding.order_id}? The payment provider returns the full amount, and any installation planned for it is cancelled.`
            : ''
        }
        confirmLabel="Refund"
        cancelLabel="Keep"
        variant="danger"
        busy={refund.isPending}
        onCancel={() => setRefunding(null)}
        onConfirm={() => {
          if (refunding) refund.mutate({ id: refunding._id }, { onSettled: () => setRefunding(null) });
        }}
      />
    </>
  );
}
