import { useCallback, useSyncExternalStore } from 'react';

/** Phones (≤ 640 px wide): where the list kit shows a table's rows as stacked cards (ADR 065). */
export const PHONE_MEDIA_QUERY = '(max-width: 640px)';

/** Whether the media query matches now; re-renders when that changes (false before the browser knows). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the screen is a phone's (`PHONE_MEDIA_QUERY`). */
export const usePhoneLayout = () => useMediaQuery(PHONE_MEDIA_QUERY);
