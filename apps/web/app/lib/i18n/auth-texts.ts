import { useTranslation } from 'react-i18next';
import auth from './en/auth';
import { addEnglish } from '.';

addEnglish('auth', auth);

/** The sign-in, invitation and password pages' texts (namespace `auth`). */
export function useAuthT() {
  return useTranslation(['auth', 'common', 'messages']);
}
