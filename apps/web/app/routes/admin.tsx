import { Outlet } from 'react-router';
import { useTwoFactorEnrolmentRedirect } from '~/features/account/use-two-factor-enrolment-redirect';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { DashboardShell } from '~/features/dashboard-shell';
import { NotificationBell } from '~/features/notifications/components/NotificationBell';
import { ADMIN_PATHS } from '~/lib/paths';
import { AREA_ROLES } from '~/lib/route-guard';

/** /admin/*: admin only, inside the dashboard shell. An admin who must enrol in two-factor sign-in is sent to settings. */
export default function AdminLayout() {
  useTwoFactorEnrolmentRedirect(ADMIN_PATHS.settings);
  return (
    <RouteGuard allowedRoles={AREA_ROLES.admin}>
      <DashboardShell headerEnd={<NotificationBell />}>
        <Outlet />
      </DashboardShell>
    </RouteGuard>
  );
}
