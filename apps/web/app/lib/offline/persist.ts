import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { hasIndexedDb, offlineDb } from './db';

const KEY = 'signed-in';
/** How long kept reads stay usable: a week (an electrician's longest stretch without a network). */
export const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;
/** Writes to IndexedDB at most this often while queries change. */
const THROTTLE_MS = 1000;

interface Kept {
  at: number;
  state: DehydratedState;
}

/** The reads kept for offline use: the electrician's and the owner's areas, successful ones. */
export function keptOffline(query: Query): boolean {
  const area = query.queryKey[0];
  return query.state.status === 'success' && (area === 'electrician' || area === 'owner');
}

/**
 * TanStack Query's cache kept in IndexedDB (ADR 070): the signed-in areas' last reads open with no
 * network, each with the time it was fetched (`dataUpdatedAt`, shown as "as of"). `restore` puts the kept
 * reads back (before the screens mount), then every change of the cache is written, at most once a second.
 * Returns the function that stops writing.
 */
export async function keepQueriesOffline(client: QueryClient): Promise<() => void> {
  if (!hasIndexedDb()) return () => undefined;
  try {
    const kept = (await (await offlineDb()).get('query-cache', KEY)) as Kept | undefined;
    if (kept && Date.now() - kept.at < KEPT_FOR_MS) {
      hydrate(client, kept.state);
      // A kept read is what the screen shows until the network answers, never an answer itself: each is
      // fetched again as its screen mounts (with a network), however recent its "as of" — a change made
      // elsewhere since (another tab, the admin, the API) is shown after a reload.
      await client.invalidateQueries({ predicate: keptOffline, refetchType: 'none' });
    }
  } catch {
    // nothing usable kept: the screens load from the network as before
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const state = dehydrate(client, { shouldDehydrateQuery: keptOffline });
    await offlineDb()
      .then((db) => db.put('query-cache', { at: Date.now(), state } satisfies Kept, KEY))
      .catch(() => undefined);
  };
  const unsubscribe = client.getQueryCache().subscribe(() => {
    timer ??= setTimeout(() => void write(), THROTTLE_MS);
  });
  // A page closed or reloaded within the throttle keeps its last reads too.
  const onHide = () => void (timer && write());
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onHide);
  writeNow = write;
  return () => {
    unsubscribe();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
    if (timer) clearTimeout(timer);
    if (writeNow === write) writeNow = undefined;
  };
}

let writeNow: (() => Promise<void>) | undefined;

/**
 * Writes the kept reads at once (not within the second): a change queued offline and the cached read that
 * shows it are stored together, so a reload straight after shows the screen as the electrician left it.
 */
export function keepReadsNow(): Promise<void> {
  return writeNow?.() ?? Promise.resolve();
}

/** Forgets the kept reads (sign-in, sign-out: a new session must not see the previous one's data). */
export async function forgetKeptQueries(): Promise<void> {
  if (!hasIndexedDb()) return;
  await (await offlineDb()).delete('query-cache', KEY);
}
