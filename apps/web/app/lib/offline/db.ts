import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** One queued change of the electrician's (ADR 070), in the order it was made. */
export interface OutboxEntry {
  /** Its place in the queue (IndexedDB's auto-increment): changes are sent in this order. */
  seq?: number;
  /** The Idempotency-Key it is sent with, every time (a retry after a lost answer is not applied twice). */
  key: string;
  /** Whose change it is: only the signed-in user's are sent or shown. */
  userId: string;
  method: 'POST';
  path: string;
  body?: unknown;
  /** What the electrician did, in words ("Step: Configure — Asha Rao"). */
  label: string;
  /** The installation or customer it belongs to, to show it beside that work. */
  subject?: string;
  createdAt: string;
  /** pending: not sent yet; conflict: the server refused it (the job was reassigned, completed elsewhere…). */
  state: 'pending' | 'conflict';
  /** The server's words when it refused the change. */
  problem?: string;
  /** When a room created offline is used by a later change: the placeholder id those changes name. */
  placeholder?: string;
}

interface OfflineSchema extends DBSchema {
  /** The last reads of the signed-in areas (TanStack Query's dehydrated cache), under one key. */
  'query-cache': { key: string; value: unknown };
  outbox: { key: number; value: OutboxEntry };
  /** Placeholder id → the id the server gave (a room created offline, then used by a later change). */
  'created-ids': { key: string; value: string };
}

let opening: Promise<IDBPDatabase<OfflineSchema>> | undefined;

/** The browser's database of the offline app (IndexedDB through `idb`), opened once. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>('isaac-offline', 1, {
    upgrade(db) {
      db.createObjectStore('query-cache');
      db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      db.createObjectStore('created-ids');
    },
  });
  return opening;
}

/** Whether this browser has IndexedDB (not in server rendering; the unit tests' jsdom has none). */
export function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}
