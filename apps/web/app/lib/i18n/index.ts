/**
 * The app's one i18n library (ADR 073): i18next with react-i18next. English is bundled with the code that
 * shows it (each namespace registers its English when its module loads); Hindi is fetched per namespace as a
 * separate chunk only once Hindi is chosen, so an English page downloads nothing more. Numbers and dates
 * follow the language through lib/i18n/locale.ts.
 */
import { DEFAULT_LANGUAGE, LANGUAGE_LOCALES, LANGUAGES, type Language } from '@isaac/contract';
import i18next, { type BackendModule, type ResourceKey, type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { useSyncExternalStore } from 'react';
import type { Namespace } from './catalogue';
import common from './en/common';
import messages from './en/messages';
import { isLanguage, preferredLanguage } from './language';
import { setFormatLanguage } from './locale';

/** Each namespace's Hindi, a chunk of its own (only these are ever fetched). */
const HINDI: Record<Namespace, () => Promise<{ default: ResourceKey }>> = {
  common: () => import('./hi/common'),
  auth: () => import('./hi/auth'),
  account: () => import('./hi/account'),
  owner: () => import('./hi/owner'),
  electrician: () => import('./hi/electrician'),
  messages: () => import('./hi/messages'),
};

/** Loads a namespace of a language other than English (English is in the bundle already). */
const chunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, done) {
    const load = language === 'hi' ? HINDI[namespace as Namespace] : undefined;
    if (!load) {
      // English (or a namespace without a translation): what the bundle has is all there is.
      done(null, {});
      return;
    }
    load().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();
void i18n
  .use(chunks)
  .use(initReactI18next)
  .init({
    // Always English first: the prerendered pages are English, and hydration must match them.
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { en: { common, messages } },
    // English comes bundled, other languages through the backend above.
    partialBundledLanguages: true,
    ns: ['common', 'messages'],
    defaultNS: 'common',
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnEmptyString: false,
  });

/** Adds a namespace's English (its module does, when the code that shows it loads). */
export function addEnglish(namespace: Namespace, resources: ResourceKey): void {
  // Merged over what may be there: the backend answers an empty English bundle for a namespace asked for
  // before its module loaded.
  i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, resources, true, true);
}

function applyLanguage(language: string): void {
  const shown = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  setFormatLanguage(shown, { never: i18n.t('format.never'), unknown: i18n.t('format.unknown') });
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_LOCALES[shown];
}
i18n.on('languageChanged', applyLanguage);

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Shows `language`: its catalogues for every namespace in use are fetched first, then the app re-renders
 * in it. A catalogue that cannot be fetched (offline before the first visit) leaves English in its place.
 */
export async function setLanguage(language: Language): Promise<void> {
  if (i18n.language === language) return;
  await i18n.changeLanguage(language);
}

/** On the client: switches to the language this person reads (their choice, else the browser's). */
export function startLanguage(accountChoice: Language | null = null): Promise<void> {
  return setLanguage(preferredLanguage(accountChoice));
}

const subscribeLanguage = (listener: () => void) => {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
};

/** The language shown, re-rendering when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, () => DEFAULT_LANGUAGE);
}

/**
 * An AQI band's name in the language shown (the contract's band vocabulary, both scales); a band the
 * catalogue lacks keeps the server's label.
 */
export function aqiBandName(band: string, label: string, t: TFunction<'common'>): string {
  return band in common.aqi ? t(`aqi.${band as keyof typeof common.aqi}`) : label;
}

/**
 * A signed-in page's document title in the language shown ('Settings | Isaac Owner'): `page` is a menu
 * item's key (`nav.…`) or a page name's (`pageNames.…`). Route `meta` functions read it on navigation.
 */
export function documentTitle(
  page: `nav.${keyof typeof common.nav}` | `pageNames.${keyof typeof common.pageNames}`,
  area: 'owner' | 'electrician',
): string {
  return i18n.t('documentTitle', { page: i18n.t(page), area: i18n.t(`shell.roles.${area}`) });
}

/** The shell's and the shared components' texts (namespace `common`). */
export function useCommonT() {
  return useTranslation('common');
}
