import {
  OwnerDashboardPage,
  prefetchOwnerDashboard,
} from '~/features/owner/components/dashboard/OwnerDashboardPage';
import { getToken } from '~/lib/api-client';
import { queryClient } from '~/lib/query-client';
import type { Route } from './+types/owner.dashboard';
import { documentTitle } from '~/lib/i18n';

export const meta: Route.MetaFunction = () => [{ title: documentTitle('nav.dashboard', 'owner') }];

/**
 * With a session token stored, the dashboard's data is requested as the route loads, alongside the
 * signed-in user (which the route guard waits for), not after it. Not awaited: the shell and the page's
 * placeholders render at once. Without a token the guard sends the visitor to /login.
 */
export function clientLoader() {
  if (getToken() !== null) prefetchOwnerDashboard(queryClient);
  return null;
}

export default function OwnerDashboard() {
  return <OwnerDashboardPage />;
}
