import { Outlet } from 'react-router';
import { OfflineBanner } from '~/components/offline/OfflineBanner';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { DashboardShell } from '~/features/dashboard-shell';
import { useHomeFromLink } from '~/features/owner/api/homes';
import { HomeSwitcher } from '~/features/owner/components/homes/HomeSwitcher';
import { NotificationBell } from '~/features/notifications/components/NotificationBell';
import { AREA_ROLES } from '~/lib/route-guard';
import { useCommonT } from '~/lib/i18n';

/**
 * /owner/*: electrician and owner roles, inside the dashboard shell. Offline (ADR 070) the devices and air
 * quality read last are shown with their age; commands need the network and say so.
 */
export default function OwnerLayout() {
  const { t } = useCommonT();
  useHomeFromLink();
  return (
    <RouteGuard allowedRoles={AREA_ROLES.owner}>
      <DashboardShell headerContext={<HomeSwitcher />} headerEnd={<NotificationBell />}>
        <OfflineBanner>{t('offline.ownerCommands')}</OfflineBanner>
        <Outlet />
      </DashboardShell>
    </RouteGuard>
  );
}
