import { Outlet } from 'react-router';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { DashboardShell } from '~/features/dashboard-shell';
import { AREA_ROLES } from '~/lib/route-guard';

/** /electrician/*: electricians (ADR 033), inside the dashboard shell. */
export default function ElectricianLayout() {
  return (
    <RouteGuard allowedRoles={AREA_ROLES.electrician}>
      <DashboardShell>
        <Outlet />
      </DashboardShell>
    </RouteGuard>
  );
}
