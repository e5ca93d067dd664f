import { redirect } from 'react-router';
import { OWNER_PATHS } from '~/lib/paths';

/** /owner shows the owner dashboard. */
export function clientLoader() {
  return redirect(OWNER_PATHS.dashboard);
}

export default function OwnerIndex() {
  return null;
}
