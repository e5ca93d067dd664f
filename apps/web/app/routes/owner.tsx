import { Outlet } from 'react-router';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { DashboardShell } from '~/features/dashboard-shell';
import { AREA_ROLES } from '~/lib/route-guard';

/** /owner/*: electrician and owner roles, inside the dashboard shell. */
export default function OwnerLayout() {
  return (
    <RouteGuard allowedRoles={AREA_ROLES.owner}>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </RouteGuard>
  );
}
