import 'fake-indexeddb/auto';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { forgetKeptQueries, keepQueriesOffline, keepReadsNow } from './persist';

const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** The signed-in areas' reads kept in IndexedDB (ADR 070). */
describe('kept reads', () => {
  it('come back after a reload, and are fetched again as their screen mounts however recent they are', async () => {
    await forgetKeptQueries();
    const before = new QueryClient();
    const stop = await keepQueriesOffline(before);
    before.setQueryData(['electrician', 'installations'], { phase: 'in_progress' });
    before.setQueryData(['admin', 'users'], { kept: false });
    await settle(1200); // the cache is written at most once a second
    stop();

    // The reload: a new client restores the kept read, not the admin's.
    const after = new QueryClient();
    await keepQueriesOffline(after);
    expect(after.getQueryData(['electrician', 'installations'])).toEqual({ phase: 'in_progress' });
    expect(after.getQueryData(['admin', 'users'])).toBeUndefined();

    // Kept a moment ago and the screen's data counts as fresh for a while: still fetched on mount.
    const queryFn = vi.fn(async () => ({ phase: 'post_installation' }));
    const observer = new QueryObserver(after, {
      queryKey: ['electrician', 'installations'],
      queryFn,
      staleTime: 60_000,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await settle();
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(after.getQueryData(['electrician', 'installations'])).toEqual({ phase: 'post_installation' });
    unsubscribe();
  });

  it('a change kept at once (keepReadsNow) is there after a reload straight after it', async () => {
    await forgetKeptQueries();
    const before = new QueryClient();
    const stop = await keepQueriesOffline(before);
    before.setQueryData(['electrician', 'installation'], { guided_step: 'handover' });
    await keepReadsNow();
    stop();
    const after = new QueryClient();
    await keepQueriesOffline(after);
    expect(after.getQueryData(['electrician', 'installation'])).toEqual({ guided_step: 'handover' });
  });
});
