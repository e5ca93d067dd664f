import { redirect } from 'react-router';
import { AUTH_PATHS } from '~/lib/paths';

/** /dashboard/* goes to /dashboard. */
export function clientLoader() {
  return redirect(AUTH_PATHS.dashboard);
}

export default function DashboardSplat() {
  return null;
}
