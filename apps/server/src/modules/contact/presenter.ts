import type { ContactMessage } from '@isaac/contract';
import type { ContactMessageRow } from '../../db/schema/index.ts';

/**
 * A stored contact message as the admin API presents it (contract `contactMessageSchema`), with the name
 * of the admin who handled it; never the IP or user agent.
 */
export function presentContactMessage(row: ContactMessageRow, handledByName: string | null): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
    handled_by: row.handledAt ? handledByName : null,
  };
}
