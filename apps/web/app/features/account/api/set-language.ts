import type { Language, User } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { setCurrentUser } from '~/lib/auth';
import { i18n, startLanguage } from '~/lib/i18n';
import { storeLanguage } from '~/lib/i18n/language';
import { feedback } from '~/lib/mutation-feedback';

/** PATCH /api/account/profile {language} → {user}: the app's and the e-mails' language (null: the browser's). */
export function setAccountLanguage(language: Language | null): Promise<{ user: User }> {
  return apiRequest<{ user: User }>('/api/account/profile', { method: 'PATCH', body: { language } });
}

/**
 * Saves the language on the account, then shows it; the signed-in user updates from the answer (the app
 * follows the account's choice from then on, routes/signed-in.tsx). This browser remembers the choice for
 * the pages before the next sign-in.
 */
export function useSetAccountLanguage() {
  return useMutation({
    mutationFn: async (language: Language | null) => {
      const saved = await setAccountLanguage(language);
      storeLanguage(language);
      // The success toast is read as soon as this resolves (the query client's feedback runs before the
      // hook's onSuccess): the chosen language's catalogues are loaded first, so it is said in that language.
      await startLanguage(language);
      return saved;
    },
    meta: feedback({
      success: () => i18n.t('account:language.saved'),
      error: 'Could not save the language',
    }),
    onSuccess: ({ user }) => setCurrentUser(user),
  });
}
