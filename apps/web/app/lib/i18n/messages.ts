/**
 * Texts that reach the screen as English strings — a toast declared in a mutation's `meta`, a server's
 * answer, a form rule's message — shown in the language chosen (ADR 073): a text that is some catalogue's
 * English is replaced by that key's translation; any other text (a server message no catalogue has) stays
 * as it is.
 */
import { useCallback } from 'react';
import { NAMESPACES } from './catalogue';
import { currentLanguage, i18n, useLanguage } from '.';

/** English text → `namespace:key`, from every English catalogue loaded (rebuilt when one is added). */
let index: Map<string, string> | null = null;
i18n.store.on('added', () => {
  index = null;
});

function collect(into: Map<string, string>, namespace: string, node: unknown, path: string): void {
  if (typeof node === 'string') {
    // A text with placeholders is a template, never a finished message.
    if (!into.has(node) && !node.includes('{{')) into.set(node, `${namespace}:${path}`);
    return;
  }
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node))
      collect(into, namespace, value, path ? `${path}.${key}` : key);
  }
}

function englishIndex(): Map<string, string> {
  const built = new Map<string, string>();
  for (const namespace of NAMESPACES) {
    const bundle: unknown = i18n.getResourceBundle('en', namespace);
    if (bundle) collect(built, namespace, bundle, '');
  }
  return built;
}

const translate = i18n.t.bind(i18n) as unknown as (key: string) => string;

/** `text` in the language shown when a catalogue has it in English; otherwise `text` as it is. */
export function localiseMessage(text: string): string {
  if (currentLanguage() === 'en') return text;
  index ??= englishIndex();
  const key = index.get(text);
  return key ? translate(key) : text;
}

/** `localiseMessage`, re-rendering the component when the language changes. */
export function useLocaliseMessage(): (text: string) => string {
  const language = useLanguage();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language re-renders users
  return useCallback((text: string) => localiseMessage(text), [language]);
}
