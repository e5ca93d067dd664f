import { CONTACT_SUBJECT_VALUES, type ContactMessage, type ContactSubject } from '@isaac/contract';
import type { ContactMessageRow } from '../../db/schema/index.ts';

const asSubject = (value: string): ContactSubject =>
  (CONTACT_SUBJECT_VALUES as readonly string[]).includes(value) ? (value as ContactSubject) : 'other';

/** A stored contact message as the admin API presents it (contract `contactMessageSchema`); never the IP. */
export function presentContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: asSubject(row.subject),
    message: row.message,
    created_at: row.createdAt.toISOString(),
  };
}
