import { OUTBOX_STATES, type EmailKind, type OutboxState } from '@isaac/contract';
import type { BadgeTone } from '~/components/ui';
import { choiceFilters, type ChoiceFilters } from './inbox-filters';

/** /admin/outbox: `?search=&state=pending|sent|failed&page=`. */
export const outboxFilters = choiceFilters('state', OUTBOX_STATES);
export type OutboxFilters = ChoiceFilters<OutboxState>;

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
};

/** The Outbox screen's texts. */
export const OUTBOX_MSG = {
  load: 'Error loading the outbox',
  loadOne: 'Error loading this e-mail',
  none: 'No e-mails found',
  retried: 'E-mail queued to be sent again',
  retryFailed: 'Failed to queue the e-mail again',
} as const;
