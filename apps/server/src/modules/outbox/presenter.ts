import type { OutboxMessage, OutboxMessageDetail } from '@isaac/contract';
import type { EmailOutboxRow } from '../../db/schema/index.ts';

/** The columns of a message in the list (not its bodies). */
export type OutboxSummaryRow = Omit<EmailOutboxRow, 'html' | 'text' | 'messageId' | 'updatedAt'>;

/**
 * An outbox message as the admin API presents it (contract `outboxMessageSchema`): the next attempt only
 * while it is still to be sent.
 */
export function presentOutboxMessage(row: OutboxSummaryRow): OutboxMessage {
  return {
    _id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    state: row.state,
    attempts: row.attempts,
    last_error: row.lastError,
    next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    sent_at: row.sentAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The message with its rendered bodies (GET /api/admin/outbox/:id). */
export function presentOutboxDetail(row: EmailOutboxRow): OutboxMessageDetail {
  return { ...presentOutboxMessage(row), html: row.html, text: row.text };
}
