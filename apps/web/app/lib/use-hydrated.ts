import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

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

/**
 * A prerendered form can be typed into before hydration; that text lives only in the DOM, and a
 * controlled field would overwrite it with its initial state on its next render. Give the form a ref
 * and call this once: at hydration (before that render) it hands the non-empty values of the form's
 * named fields to `adopt`, which copies them into state (React's hydration leaves a field's typed value in
 * place). On a client-side mount the values are the state's own, so adopting them changes nothing.
 */
export function useAdoptTypedValues(
  form: RefObject<HTMLFormElement | null>,
  adopt: (typed: Readonly<Record<string, string>>) => void,
): void {
  const adoptRef = useRef(adopt);
  useLayoutEffect(() => {
    const element = form.current;
    if (!element) return;
    const typed: Record<string, string> = {};
    for (const field of Array.from(element.elements)) {
      if (
        (field instanceof HTMLInputElement ||
          field instanceof HTMLTextAreaElement ||
          field instanceof HTMLSelectElement) &&
        field.name &&
        field.value !== ''
      )
        typed[field.name] = field.value;
    }
    if (Object.keys(typed).length > 0) adoptRef.current(typed);
  }, [form]);
}
