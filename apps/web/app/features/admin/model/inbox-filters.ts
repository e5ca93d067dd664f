import {
  ADMIN_ORDER_SORTS,
  CONTACT_MESSAGE_SORTS,
  CONTACT_MESSAGE_STATES,
  ORDER_STATUSES,
} from '@isaac/contract';
import { listView, type ListState } from '~/components/list';

/** /admin/orders: `?search=&status=&sort=&order=&page=` (the list kit's URL model, ADR 065). */
export const orderListView = listView({
  sorts: ADMIN_ORDER_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: { status: { values: ORDER_STATUSES } },
});
export type OrderListState = ListState<(typeof ADMIN_ORDER_SORTS)[number], 'status'>;

/** /admin/messages: `?search=&state=open|handled&sort=&order=&page=`. */
export const messageListView = listView({
  sorts: CONTACT_MESSAGE_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: { state: { values: CONTACT_MESSAGE_STATES } },
});
export type MessageListState = ListState<(typeof CONTACT_MESSAGE_SORTS)[number], 'state'>;
