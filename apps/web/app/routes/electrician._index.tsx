import { redirect } from 'react-router';
import { ELECTRICIAN_PATHS } from '~/lib/paths';

/** /electrician shows the electrician dashboard. */
export function clientLoader() {
  return redirect(ELECTRICIAN_PATHS.dashboard);
}

export default function ElectricianIndex() {
  return null;
}
