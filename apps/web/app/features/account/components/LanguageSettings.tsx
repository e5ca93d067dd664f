import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES, type Language, type User } from '@isaac/contract';
import { useState } from 'react';
import { Spinner } from '~/components/ui';
import { useAccountT } from '~/lib/i18n/account-texts';
import { browserLanguage } from '~/lib/i18n/language';
import { useSetAccountLanguage } from '../api/set-language';

/**
 * The account's language (ADR 073): the browser's, English or Hindi, saved at once. It is the app's
 * language on every device the person signs in on, and their e-mails'.
 */
export function LanguageSettings({ user }: { user: User }) {
  const { t } = useAccountT();
  const save = useSetAccountLanguage();
  // The pick while it saves, shown at once: the mutation's state reaches React a task after the click, and
  // a controlled radio would snap back to the saved language until then.
  const [picked, setPicked] = useState<{ language: Language | null } | null>(null);
  const chosen = picked ? picked.language : user.language;
  const busy = picked !== null;
  const browser =
    LANGUAGE_NAMES[browserLanguage(typeof navigator === 'undefined' ? [] : navigator.languages)];
  const options: { value: Language | null; label: string; lang?: string }[] = [
    { value: null, label: t('language.browser', { language: browser }) },
    ...LANGUAGES.map((language) => ({
      value: language,
      label: LANGUAGE_NAMES[language],
      lang: LANGUAGE_LOCALES[language],
    })),
  ];
  return (
    <fieldset disabled={busy} aria-busy={busy}>
      <legend className="mb-3 flex items-center gap-2 text-sm font-medium text-slate-200">
        {t('language.legend')}
        {busy ? <Spinner size="sm" /> : null}
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((option) => (
          <label
            key={option.value ?? 'browser'}
            className="flex min-w-0 cursor-pointer items-center gap-2 rounded-lg border border-slate-700 px-3 py-2 text-sm text-slate-200 has-checked:border-sky-500 has-checked:bg-sky-500/10"
          >
            <input
              type="radio"
              name="language"
              className="h-4 w-4 shrink-0 accent-sky-500"
              checked={chosen === option.value}
              onChange={() => {
                setPicked({ language: option.value });
                save.mutate(option.value, { onSettled: () => setPicked(null) });
              }}
            />
            <span lang={option.lang} className="min-w-0 break-words">
              {option.label}
            </span>
          </label>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-400">{t('language.browserHint')}</p>
    </fieldset>
  );
}
