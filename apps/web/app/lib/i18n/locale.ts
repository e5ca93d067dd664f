/**
 * Numbers and dates the Indian way through Intl (ADR 073): `en-IN` or `hi-IN` by the language shown, so
 * 1240000 reads 12,40,000 (lakh and crore grouping) in both. The current locale is set by lib/i18n when the
 * language changes; modules that format (lib/format.ts) read it here without loading the i18n library, so
 * the storefront, which stays English, formats as before.
 */
import { LANGUAGE_LOCALES, type Language } from '@isaac/contract';

let current: Language = 'en';

/** The words formatted values fall back to, in the language shown. */
export interface FormatWords {
  never: string;
  unknown: string;
}
let words: FormatWords = { never: 'Never', unknown: 'Unknown' };

export function setFormatLanguage(language: Language, languageWords?: FormatWords): void {
  current = language;
  if (languageWords) words = languageWords;
}

/** 'Never' and 'Unknown' in the language shown. */
export function formatWords(): FormatWords {
  return words;
}

/** The language numbers and dates are formatted for. */
export function formatLanguage(): Language {
  return current;
}

/** The Intl locale of the language shown: 'en-IN' or 'hi-IN'. */
export function currentLocale(): string {
  return LANGUAGE_LOCALES[current];
}

/** 1240000 → '12,40,000'. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLocale(), options).format(value);
}
