import type { MessageListState, OrderListState } from '../model/inbox-filters';

/** Query keys of the admin Orders and Messages screens. */
export const inboxKeys = {
  orders: () => ['admin', 'orders'] as const,
  orderList: (state: OrderListState, pageSize: number) =>
    ['admin', 'orders', { ...state, pageSize }] as const,
  /** Payments captured after their order closed, to refund (issue 29). */
  lateCaptures: () => ['admin', 'late-captures'] as const,
  messages: () => ['admin', 'contact-messages'] as const,
  messageList: (state: MessageListState, pageSize: number) =>
    ['admin', 'contact-messages', { ...state, pageSize }] as const,
};

/** Rows per page on the Orders and Messages screens. */
export const INBOX_PAGE_SIZE = 20;
