import type { ContactMessage } from '@isaac/contract';
import type { ContactMessageRow } from '../../db/schema/index.ts';

/** A stored contact message as the admin API presents it (contract `contactMessageSchema`); never the IP. */
export function presentContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}
