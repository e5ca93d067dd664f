import type { EmailKind } from '@isaac/contract';
import type { Db, Tx } from '../../db/client.ts';

/**
 * What each e-mail of issue 15 carries (rendered by templates.ts into subject, HTML and plain text).
 * Amounts in paise; dates as `YYYY-MM-DD`; links absolute (the web origin).
 */
export interface EmailData {
  order_confirmation: {
    name: string;
    orderId: string;
    items: { name: string; quantity: number; amountPaise: number }[];
    totalPaise: number;
    needsInstallation: boolean;
    /** The owner's Orders screen (sign-in first). */
    ordersUrl: string;
  };
  invitation: { name: string; link: string; expiresAt: Date };
  installation_scheduled: { name: string; date: string; electrician: string; address: string };
  installation_completed: { name: string; date: string; devices: number; dashboardUrl: string };
  quote: {
    name: string;
    number: string;
    link: string;
    totalPaise: number;
    validUntil: string;
    items: { name: string; quantity: number }[];
    note: string;
  };
}

/** One e-mail to write to the outbox. */
export type OutgoingEmail = { [K in EmailKind]: { kind: K; to: string; data: EmailData[K] } }[EmailKind];

/** Writes an e-mail to the outbox in the caller's transaction (EmailOutbox; what the modules that send depend on). */
export interface EmailSink {
  enqueue(db: Db | Tx, email: OutgoingEmail): Promise<unknown>;
}
