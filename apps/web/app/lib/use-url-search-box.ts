import { useEffect, useEffectEvent, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** How long typing pauses before a search runs (every search-as-you-type box and picker). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box whose search lives in the URL (`urlSearch`, the value read from the query): what is typed
 * shows at once, and `commit(search)` puts it in the URL once typing pauses — only a change of the typed
 * text does, so the URL changing (Back, another filter) never resends it. When the URL's search changes
 * elsewhere (Back, Clear filters, a link), the box shows it; a change that is the typed text arriving in
 * the URL is left alone, so what was typed meanwhile stays. Returns the box's text and its setter.
 */
export function useUrlSearchBox(urlSearch: string, commit: (search: string) => void) {
  const [text, setText] = useState(urlSearch);
  const typed = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const send = useEffectEvent((search: string) => {
    if (search !== urlSearch) commit(search);
  });
  useEffect(() => send(typed), [typed]);

  const [seenSearch, setSeenSearch] = useState(urlSearch);
  if (seenSearch !== urlSearch) {
    setSeenSearch(urlSearch);
    if (urlSearch !== typed) setText(urlSearch);
  }
  return [text, setText] as const;
}
