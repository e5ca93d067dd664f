import { MutationCache, QueryCache, QueryClient, onlineManager } from '@tanstack/react-query';
import { registerSessionCache } from './auth';
import { forgetKeptQueries } from './offline/persist';
import { mutationFeedback } from './mutation-feedback';
import { reportEnrolmentRequired } from './two-factor-enrolment';

/**
 * A query client with the app's settings: mutation feedback from each mutation's `meta` (toasts and
 * refetches, lib/mutation-feedback.ts); every failure reported to lib/two-factor-enrolment.ts; library
 * defaults elsewhere (3 retries, backoff capped at 30 s), dashboards override per query (spec 9). The tests build theirs with this function too.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    // Every failure is also checked for "set up two-factor sign-in first" (lib/two-factor-enrolment.ts).
    queryCache: new QueryCache({ onError: reportEnrolmentRequired }),
    mutationCache: new MutationCache({
      ...mutationFeedback,
      onError: (...args) => {
        reportEnrolmentRequired(args[0]);
        return mutationFeedback.onError?.(...args);
      },
    }),
    // A change made with no network runs (and fails at once, saying so, or is queued: ADR 070) rather than
    // waiting silently for the network.
    defaultOptions: { queries: { refetchOnWindowFocus: false }, mutations: { networkMode: 'always' } },
  });
}

export const queryClient = createQueryClient();

// TanStack Query assumes a network until an `offline` event; a page loaded offline (ADR 070) starts offline,
// so its kept reads wait for the network instead of failing.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

// A new session (or none) must not see the previous one's data.
registerSessionCache(() => {
  queryClient.clear();
  void forgetKeptQueries();
});
