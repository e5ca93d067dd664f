import { QueryClient } from '@tanstack/react-query';
import { registerSessionCache } from './auth';

/** Library defaults elsewhere (3 retries, backoff capped at 30 s); dashboards override per query (spec 9). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});

// A new session (or none) must not see the previous one's data.
registerSessionCache(() => queryClient.clear());
