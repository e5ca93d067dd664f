import type { Language } from '@isaac/contract';
import { useEffect } from 'react';
import { storeLanguage } from './language';
import { startLanguage } from '.';

/**
 * Shows the language this person reads (ADR 073), after the first render (a prerendered page hydrates in
 * English first): the account's choice once the signed-in user is known — remembered on this browser for
 * the pages before the next sign-in — else this browser's choice, else the browser's languages.
 */
export function useLanguageSync(accountChoice: Language | null | undefined = null): void {
  useEffect(() => {
    if (accountChoice) storeLanguage(accountChoice);
    void startLanguage(accountChoice ?? null);
  }, [accountChoice]);
}
