import type { EmailKind, Language } from '@isaac/contract';
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
  notification: { name: string; title: string; body: string; link: string | null; settingsUrl: string };
  /** An invitation to a home (issue 32): who invited, to which home, as what (a role's label). */
  home_invitation: { homeName: string; invitedBy: string; role: string; link: string; expiresAt: Date };
}

/**
 * One e-mail to write to the outbox. Its language (ADR 073) is the recipient account's choice unless given
 * here; English when neither says.
 */
export type OutgoingEmail = {
  [K in EmailKind]: { kind: K; to: string; data: EmailData[K]; language?: Language };
}[EmailKind];

/** Writes an e-mail to the outbox in the caller's transaction (EmailOutbox; what the modules that send depend on). */
export interface EmailSink {
  enqueue(db: Db | Tx, email: OutgoingEmail): Promise<unknown>;
}
