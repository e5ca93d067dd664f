import { ADMIN_MSG, formatInr, ORDER_STATUSES, type Order } from '@isaac/contract';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListFilter, ListHeader, ListToolbar, useListView } from '~/components/list';
import { ConfirmDialog } from '~/components/ui';
import { useCancelOrder } from '../../api/cancel-order';
import { INBOX_PAGE_SIZE } from '../../api/inbox-keys';
import { useOrderList } from '../../api/list-orders';
import { useRefundOrder } from '../../api/refund-order';
import { orderListView } from '../../model/inbox-filters';
import { ORDER_STATUS_LABELS, OrdersTable } from './OrdersTable';
import { LateCapturesPanel } from './LateCapturesPanel';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({
  value: status,
  label: ORDER_STATUS_LABELS[status],
}));

/**
 * /admin/orders: the storefront's orders, newest first or sorted by a column — search (customer name or
 * e-mail, order id or payment id), status and sort kept in the URL, a page at a time; an unpaid order can be
 * cancelled and a paid one refunded through the payment provider (each after a confirmation).
 */
export function OrdersPage() {
  const view = useListView(orderListView);
  const list = useOrderList(view.state, INBOX_PAGE_SIZE);
  const cancel = useCancelOrder();
  const refund = useRefundOrder();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  return (
    <>
      <LateCapturesPanel />
      <div className="space-y-6">
        <ListHeader
          title="Orders"
          intro="Orders placed in the shop."
          total={list.data?.total}
          nouns={{ one: 'order', many: 'orders' }}
          filtered={view.filtered}
        />
        <ListToolbar
          list={view}
          search={{ label: 'Find orders', placeholder: 'Customer, e-mail, order or payment id' }}
        >
          <ListFilter
            list={view}
            name="status"
            label="Status"
            placeholder="All statuses"
            options={STATUS_OPTIONS}
          />
        </ListToolbar>
        <ListBody
          query={list}
          items={(data) => data.orders}
          noun="orders"
          errorTitle={ADMIN_MSG.loadOrders}
          empty={{
            icon: ShoppingCart,
            title: ADMIN_MSG.noOrders,
            filteredText: 'No order matches this search and status.',
            text: 'Orders appear here once someone checks out in the shop.',
          }}
          list={view}
        >
          {(orders, dimmed) => (
            <OrdersTable
              orders={orders}
              dimmed={dimmed}
              sort={view.tableSort({ order_id: 'created_at', payment_id: 'paid_at' })}
              actions={{ onCancel: setCancelling, onRefund: setRefunding }}
            />
          )}
        </ListBody>
      </div>
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
