import { useTranslation } from 'react-i18next';
import electrician from './en/electrician';
import { addEnglish } from '.';

addEnglish('electrician', electrician);

/** The electrician area's texts (namespace `electrician`). */
export function useElectricianT() {
  return useTranslation(['electrician', 'common', 'messages']);
}
