import { MutationCache, QueryClient } from '@tanstack/react-query';
import { registerSessionCache } from './auth';
import { mutationFeedback } from './mutation-feedback';

/**
 * A query client with the app's settings: mutation feedback from each mutation's `meta` (toasts and
 * refetches, lib/mutation-feedback.ts); library defaults elsewhere (3 retries, backoff capped at 30 s),
 * dashboards override per query (spec 9). The tests build theirs with this function too.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache(mutationFeedback),
    defaultOptions: { queries: { refetchOnWindowFocus: false } },
  });
}

export const queryClient = createQueryClient();

// A new session (or none) must not see the previous one's data.
registerSessionCache(() => queryClient.clear());
