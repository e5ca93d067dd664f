import { type Language, LANGUAGE_LOCALES } from '@isaac/contract';
import i18next from 'i18next';
import { en } from './catalogues/en.ts';
import { hi } from './catalogues/hi.ts';

/**
 * The e-mails' languages (ADR 073) through the app's one i18n library, i18next, with a catalogue per
 * language (catalogues/). An e-mail is written in its recipient's chosen language, English by default.
 */
const emails = i18next.createInstance();
void emails.init({
  resources: { en: { email: en }, hi: { email: hi } },
  lng: 'en',
  fallbackLng: 'en',
  ns: ['email'],
  defaultNS: 'email',
  // The resources are here already: ready as soon as init returns.
  initAsync: false,
  // Values are plain text here; the templates escape every value for HTML once the text is whole.
  interpolation: { escapeValue: false },
});

type PluralBase<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
/** Every text's key, dotted ('order.subject'); a plural's key without its suffix ('completed.body'). */
type KeyOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${PluralBase<K>}` : KeyOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type EmailTextKey = KeyOf<typeof en>;

/** A language's texts: `text('order.subject', { brand, orderId })`, `{ count }` for a plural. */
export type EmailText = (key: EmailTextKey, values?: Record<string, string | number>) => string;

export function emailTextOf(language: Language): EmailText {
  const t = emails.getFixedT(language, 'email');
  return (key, values) => t(key, values ?? {});
}

/** The Intl locale of a language's dates and amounts (Indian formats). */
export const localeOf = (language: Language): string => LANGUAGE_LOCALES[language];
