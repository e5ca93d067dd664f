import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest, isNetworkFailure } from '../api-client';
import { hasIndexedDb, offlineDb, type OutboxEntry } from './db';

/**
 * The electrician's offline queue (issue 34, ADR 070): a change made with no network is kept in IndexedDB
 * (durable across reloads), shown as pending, and sent in the order it was made once the network is back,
 * each with its own Idempotency-Key — a retry after a lost answer gets the first answer, never a second
 * application. A change the server refuses (the job was reassigned: 404; completed elsewhere: 409…) is kept
 * as a conflict with the server's words until the electrician has read it; the ones after it still go.
 */

export type { OutboxEntry };
export type NewChange = Pick<OutboxEntry, 'path' | 'body' | 'label' | 'subject' | 'placeholder'>;

/** What a queued change's caller gets instead of the server's answer. */
export interface Queued {
  queued: true;
  seq: number;
}

export function isQueued(value: unknown): value is Queued {
  return typeof value === 'object' && value !== null && (value as Partial<Queued>).queued === true;
}

let entries: OutboxEntry[] = [];
let loaded = false;
let userId: string | null = null;
const listeners = new Set<() => void>();
const sentListeners = new Set<(sent: number) => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

async function reload(): Promise<void> {
  if (!hasIndexedDb()) return;
  const all = await (await offlineDb()).getAll('outbox');
  entries = all.filter((e) => e.userId === userId).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  loaded = true;
  emit();
}

/** Whose queue is shown and sent (the signed-in user; null when nobody is). */
export function setOutboxUser(id: string | null): void {
  if (id === userId && loaded) return;
  userId = id;
  void reload().then(() => flushOutbox());
}

/** Called with the number of changes sent whenever a flush has sent some (to refetch the area's reads). */
export function onOutboxSent(listener: (sent: number) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Queues a change (durably) and returns its place; it is sent once the network is back. */
export async function enqueue(change: NewChange, key: string = crypto.randomUUID()): Promise<Queued> {
  if (!hasIndexedDb() || userId === null) throw new Error('Changes cannot be kept on this device.');
  const entry: OutboxEntry = {
    ...change,
    key,
    userId,
    method: 'POST',
    createdAt: new Date().toISOString(),
    state: 'pending',
  };
  const seq = await (await offlineDb()).add('outbox', entry);
  await reload();
  return { queued: true, seq };
}

/**
 * Sends the change now when the network is there, else queues it; a send that fails for want of the
 * network (the answer may have been lost) is queued with the same key, so it is applied once either way.
 */
export async function sendOrQueue<T>(change: NewChange): Promise<T | Queued> {
  const key = crypto.randomUUID();
  const waiting = entries.some((e) => e.state === 'pending');
  // Changes are applied in order: while older ones wait, a new one waits behind them.
  if (navigator.onLine && !waiting) {
    try {
      return await apiRequest<T>(await resolvePlaceholders(change.path), {
        method: 'POST',
        body: change.body,
        idempotencyKey: key,
      });
    } catch (err) {
      if (!isNetworkFailure(err)) throw err;
    }
  }
  const queued = await enqueue(change, key);
  void flushOutbox();
  return queued;
}

/** Replaces the placeholder ids of rooms created offline with the ids the server gave them. */
async function resolvePlaceholders<T>(value: T): Promise<T> {
  if (!hasIndexedDb()) return value;
  const db = await offlineDb();
  let text = JSON.stringify(value);
  for (const placeholder of await db.getAllKeys('created-ids')) {
    if (text.includes(placeholder))
      text = text.split(placeholder).join((await db.get('created-ids', placeholder)) ?? '');
  }
  return JSON.parse(text) as T;
}

/** The id in an answer that a placeholder stands for (`{room: {_id}}`, `{installation: {_id}}`…). */
function createdId(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  for (const value of Object.values(answer)) {
    if (typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string') {
      return (value as { _id: string })._id;
    }
  }
  return undefined;
}

/** A refusal that sending again will not change (the server looked at it and said no). */
function isRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError && err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status)
  );
}

let flushing: Promise<void> | null = null;

/** Sends the pending changes in order; stops at the first that cannot reach the server (tried again later). */
export function flushOutbox(): Promise<void> {
  if (!hasIndexedDb() || userId === null) return Promise.resolve();
  flushing ??= (async () => {
    let sent = 0;
    try {
      const db = await offlineDb();
      for (;;) {
        const next = entries.find((e) => e.state === 'pending');
        if (!next || next.seq === undefined || !navigator.onLine) break;
        try {
          const answer = await apiRequest<unknown>(await resolvePlaceholders(next.path), {
            method: next.method,
            body: await resolvePlaceholders(next.body),
            idempotencyKey: next.key,
          });
          const id = createdId(answer);
          if (next.placeholder && id) await db.put('created-ids', id, next.placeholder);
          await db.delete('outbox', next.seq);
          sent += 1;
        } catch (err) {
          if (!isRefusal(err)) break;
          await db.put('outbox', { ...next, state: 'conflict', problem: err.serverMessage ?? err.message });
        }
        await reload();
      }
    } finally {
      flushing = null;
      if (sent > 0) for (const listener of [...sentListeners]) listener(sent);
    }
  })();
  return flushing;
}

/** The electrician has read a conflict: it leaves the list (the change stays unapplied). */
export async function dismissConflict(seq: number): Promise<void> {
  await (await offlineDb()).delete('outbox', seq);
  await reload();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NONE: OutboxEntry[] = [];

/** The signed-in user's queued changes, oldest first (pending and conflicts). */
export function useOutbox(): OutboxEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => NONE,
  );
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flushOutbox());
}
