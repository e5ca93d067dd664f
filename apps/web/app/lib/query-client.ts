import { QueryClient } from '@tanstack/react-query';

/** Library defaults elsewhere (3 retries, backoff capped at 30 s); dashboards override per query (spec 9). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});
