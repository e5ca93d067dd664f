import type { Language, User } from '@isaac/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { setCurrentUser } from '~/lib/auth';
import { i18n } from '~/lib/i18n';
import { storeLanguage } from '~/lib/i18n/language';
import { feedback } from '~/lib/mutation-feedback';

/** PATCH /api/account/profile {language} → {user}: the app's and the e-mails' language (null: the browser's). */
export function setAccountLanguage(language: Language | null): Promise<{ user: User }> {
  return apiRequest<{ user: User }>('/api/account/profile', { method: 'PATCH', body: { language } });
}

/**
 * Saves the language on the account; the signed-in user updates from the answer, and the app follows it
 * (routes/signed-in.tsx). This browser remembers the choice for the pages before the next sign-in.
 */
export function useSetAccountLanguage() {
  return useMutation({
    mutationFn: setAccountLanguage,
    meta: feedback({
      // Said in the language just chosen (read when the toast shows, after the switch).
      success: () => i18n.t('account:language.saved'),
      error: 'Could not save the language',
    }),
    onSuccess: ({ user }, language) => {
      storeLanguage(language);
      setCurrentUser(user);
    },
  });
}
