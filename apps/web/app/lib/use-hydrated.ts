import { useSyncExternalStore } from 'react';

const noop = () => () => undefined;

/**
 * False while rendering on the server (prerender) and during hydration, true afterwards. Content that
 * depends on the browser (query string, localStorage, runtime config) renders only once this is true, so
 * the prerendered HTML and the first client render always match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
