import { formatInr, ORDER_STATUS_LABELS, type Order, type OrderStatus } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Badge, type BadgeTone } from '~/components/ui';
import { DataTable } from '~/components/ui/DataTable';
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

/** One page of storefront orders: the order, who bought what, the amount, the status, the payment id. */
export function OrdersTable({ orders, dimmed }: { orders: Order[]; dimmed: boolean }) {
  const table = useTable({ features, columns, data: orders, getRowId: (order) => order._id });
  return (
    <DataTable table={table} label="Orders" minWidth="min-w-[60rem]" rowHeader="order_id" dimmed={dimmed} />
  );
}
