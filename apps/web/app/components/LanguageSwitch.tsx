import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES, type Language } from '@isaac/contract';
import { Languages } from 'lucide-react';
import { setLanguage, useCommonT, useLanguage } from '~/lib/i18n';
import { storeLanguage } from '~/lib/i18n/language';
import { cx } from './ui/cx';
import { useHydrated } from '~/lib/use-hydrated';

/**
 * The language of the pages before sign-in (ADR 073): each language by its own name, the one shown pressed.
 * The choice is remembered on this browser; once signed in, the account's choice (settings) decides.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useCommonT();
  const shown = useLanguage();
  // A prerendered page's buttons do nothing until its scripts run: disabled (and looking it) until then.
  const hydrated = useHydrated();
  const choose = (language: Language) => {
    storeLanguage(language);
    void setLanguage(language);
  };
  return (
    <div
      role="group"
      aria-label={t('language.choose')}
      className={cx('flex items-center gap-1 text-sm', className)}
    >
      <Languages aria-hidden="true" className="mr-1 h-4 w-4 text-slate-400" />
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={LANGUAGE_LOCALES[language]}
          aria-pressed={shown === language}
          disabled={!hydrated}
          onClick={() => choose(language)}
          className={cx(
            'rounded-md px-2 py-1 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-60',
            shown === language ? 'bg-slate-800 text-white' : 'text-slate-400 hover:text-white',
          )}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
