import { formatInr, ORDER_STATUS_LABELS, type Order, type OrderStatus } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Ban, Undo2 } from 'lucide-react';
import { Badge, Button, DataTable, type BadgeTone, type TableSort } from '~/components/ui';
import { formatDateTime } from '~/lib/format';

export { ORDER_STATUS_LABELS };
export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  created: 'slate',
  attempted: 'red',
  paid: 'green',
  cancelled: 'slate',
  refunded: 'yellow',
};

/** 'ISAAC Air Purifier × 2, HEPA filter' — what was bought. */
export function orderItemsText(order: Order): string {
  if (order.items.length === 0) return order.product;
  return order.items
    .map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name))
    .join(', ');
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Order>();
const columns = column.columns([
  column.accessor('order_id', {
    header: 'Order',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-mono text-xs whitespace-nowrap text-slate-100">{info.getValue()}</div>
        <div className="text-xs text-slate-400">
          <time dateTime={info.row.original.created_at}>{formatDateTime(info.row.original.created_at)}</time>
        </div>
      </div>
    ),
  }),
  column.accessor('customer_name', {
    header: 'Customer',
    cell: (info) => (
      <div className="min-w-0">
        <div className="text-slate-100">{info.getValue()}</div>
        <div className="text-xs whitespace-nowrap text-slate-400">{info.row.original.customer_email}</div>
        <div className="text-xs text-slate-400">{info.row.original.customer_phone}</div>
      </div>
    ),
  }),
  column.display({ id: 'items', header: 'Items', cell: (info) => orderItemsText(info.row.original) }),
  column.accessor('amount', {
    header: 'Amount',
    cell: (info) => (
      <span className="font-medium text-slate-100 tabular-nums">{formatInr(info.getValue())}</span>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <Badge tone={ORDER_STATUS_TONES[info.getValue()]} className="whitespace-nowrap">
        {ORDER_STATUS_LABELS[info.getValue()]}
      </Badge>
    ),
  }),
  column.accessor('payment_id', {
    header: 'Payment',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-mono text-xs break-all">{info.getValue() ?? '—'}</div>
        {info.row.original.paid_at ? (
          <div className="text-xs text-slate-400">
            Paid on{' '}
            <time dateTime={info.row.original.paid_at}>{formatDateTime(info.row.original.paid_at)}</time>
          </div>
        ) : null}
      </div>
    ),
  }),
]);

/** What an admin may do with an order (issue 15): cancel one nobody has paid, refund a paid one. */
export interface OrderRowActions {
  onCancel: (order: Order) => void;
  onRefund: (order: Order) => void;
}

/** Whether an order can still be cancelled (not paid yet) or refunded (paid). */
export const canCancelOrder = (order: Pick<Order, 'status'>) =>
  order.status === 'created' || order.status === 'attempted';
export const canRefundOrder = (order: Pick<Order, 'status'>) => order.status === 'paid';

/**
 * One page of storefront orders: the order, who bought what, the amount, the status, the payment id, and
 * (with `actions`) Cancel for unpaid orders and Refund for paid ones in the pinned Actions column (at the
 * bottom of each order's card on a phone, under its amount and status).
 */
export function OrdersTable({
  orders,
  dimmed,
  actions,
  sort,
}: {
  orders: Order[];
  dimmed: boolean;
  actions?: OrderRowActions;
  sort?: TableSort;
}) {
  const table = useTable({ features, columns, data: orders, getRowId: (order) => order._id });
  return (
    <DataTable
      table={table}
      label="Orders"
      minWidth="min-w-[60rem]"
      rowHeader="order_id"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={actions ? (order) => <OrderActions order={order} actions={actions} /> : undefined}
    />
  );
}

function OrderActions({ order, actions }: { order: Order; actions: OrderRowActions }) {
  if (canCancelOrder(order)) {
    return (
      <Button
        variant="ghost"
        size="sm"
        icon={<Ban aria-hidden="true" className="h-4 w-4" />}
        aria-label={`Cancel order ${order.order_id}`}
        onClick={() => actions.onCancel(order)}
      >
        Cancel
      </Button>
    );
  }
  if (canRefundOrder(order)) {
    return (
      <Button
        variant="ghost"
        size="sm"
        className="text-amber-300 hover:text-amber-200"
        icon={<Undo2 aria-hidden="true" className="h-4 w-4" />}
        aria-label={`Refund order ${order.order_id}`}
        onClick={() => actions.onRefund(order)}
      >
        Refund
      </Button>
    );
  }
  return <span className="px-3 text-xs text-slate-500">—</span>;
}
