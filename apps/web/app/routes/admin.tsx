import { Outlet } from 'react-router';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { DashboardShell } from '~/features/dashboard-shell';
import { AREA_ROLES } from '~/lib/route-guard';

/** /admin/*: admin only, inside the dashboard shell. */
export default function AdminLayout() {
  return (
    <RouteGuard allowedRoles={AREA_ROLES.admin}>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </RouteGuard>
  );
}
