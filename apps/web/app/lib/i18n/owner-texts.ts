import { useTranslation } from 'react-i18next';
import owner from './en/owner';
import { addEnglish } from '.';

addEnglish('owner', owner);

/** The owner area's texts (namespace `owner`). */
export function useOwnerT() {
  return useTranslation(['owner', 'common', 'messages']);
}
