import { useTranslation } from 'react-i18next';
import account from './en/account';
import { addEnglish } from '.';

addEnglish('account', account);

/** Account settings' texts (namespace `account`): profile, language, password, sessions, two-factor, notifications. */
export function useAccountT() {
  return useTranslation(['account', 'common', 'messages']);
}
