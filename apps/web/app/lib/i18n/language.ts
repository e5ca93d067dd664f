/**
 * Which language a person reads (ADR 073): the one they chose (on the account, and remembered on this
 * browser for the signed-out pages), else the first of the browser's languages the app has — Hindi for a
 * browser set to Hindi, English otherwise. No i18n library here: the sign-in pages and the shell ask
 * before the catalogues load.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@isaac/contract';

/** This browser's chosen language (localStorage), for the pages before sign-in. */
export const LANGUAGE_STORAGE_KEY = 'isaac_language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's languages (`navigator.languages`, most wanted first) the app has, by its
 * primary subtag ('hi-IN' → hi, 'en-GB' → en); English when none is.
 */
export function browserLanguage(languages: readonly string[]): Language {
  for (const tag of languages) {
    const primary = tag.split(/[-_]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The language chosen on this browser, if any. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** Remembers a choice on this browser (null forgets it: the browser's languages decide again). */
export function storeLanguage(language: Language | null): void {
  try {
    if (language === null) localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice holds for this page only
  }
}

/** The browser's languages, most wanted first. */
function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** The language to show: the account's choice, else this browser's choice, else the browser's languages. */
export function preferredLanguage(accountChoice: Language | null = null): Language {
  return accountChoice ?? storedLanguage() ?? browserLanguage(navigatorLanguages());
}
