import {
  AdminDashboardPage,
  prefetchAdminDashboard,
} from '~/features/admin/components/dashboard/AdminDashboardPage';
import { getToken } from '~/lib/api-client';
import { queryClient } from '~/lib/query-client';
import type { Route } from './+types/admin.dashboard';

export const meta: Route.MetaFunction = () => [{ title: 'Dashboard | Isaac Admin' }];

/** The dashboard's data is requested as the route loads (not after the guard), as on the owner dashboard. */
export function clientLoader() {
  if (getToken() !== null) prefetchAdminDashboard(queryClient);
  return null;
}

export default function AdminDashboard() {
  return <AdminDashboardPage />;
}
