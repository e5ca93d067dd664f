import { OUTBOX_SORTS, OUTBOX_STATES, type EmailKind, type OutboxState } from '@isaac/contract';
import { listView, type ListState } from '~/components/list';
import type { BadgeTone } from '~/components/ui';

/** /admin/outbox: `?search=&state=pending|sent|failed&sort=&order=&page=` (the list kit, ADR 065). */
export const outboxListView = listView({
  sorts: OUTBOX_SORTS,
  sort: 'created_at',
  order: 'desc',
  search: true,
  filters: { state: { values: OUTBOX_STATES } },
});
export type OutboxListState = ListState<(typeof OUTBOX_SORTS)[number], 'state'>;

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};
export const OUTBOX_STATE_TONES: Record<OutboxState, BadgeTone> = {
  pending: 'yellow',
  sent: 'green',
  failed: 'red',
};

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  order_confirmation: 'Order confirmation',
  invitation: 'Invitation',
  installation_scheduled: 'Installation scheduled',
  installation_completed: 'Installation completed',
  quote: 'Quote',
  notification: 'Notification',
  home_invitation: 'Home invitation',
};

/** The Outbox screen's texts. */
export const OUTBOX_MSG = {
  load: 'Error loading the outbox',
  loadOne: 'Error loading this e-mail',
  none: 'No e-mails found',
  retried: 'E-mail queued to be sent again',
  retryFailed: 'Failed to queue the e-mail again',
} as const;
