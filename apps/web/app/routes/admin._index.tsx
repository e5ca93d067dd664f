import { redirect } from 'react-router';
import { ADMIN_PATHS } from '~/lib/paths';

/** /admin shows the admin dashboard. */
export function clientLoader() {
  return redirect(ADMIN_PATHS.dashboard);
}

export default function AdminIndex() {
  return null;
}
