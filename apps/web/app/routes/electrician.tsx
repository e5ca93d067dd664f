import { Outlet } from 'react-router';
import { OfflineBanner } from '~/components/offline/OfflineBanner';
import { RouteGuard } from '~/features/auth/RouteGuard';
import { DashboardShell } from '~/features/dashboard-shell';
import { useElectricianOfflineSync } from '~/features/electrician/api/offline-sync';
import { OutboxPanel } from '~/features/electrician/components/OutboxPanel';
import { NotificationBell } from '~/features/notifications/components/NotificationBell';
import { AREA_ROLES } from '~/lib/route-guard';
import { useCommonT } from '~/lib/i18n';

/**
 * /electrician/*: electricians (ADR 033), inside the dashboard shell. Works offline (ADR 070): the
 * area's reads are kept on the phone with their age, changes are queued and sent in order once online.
 */
export default function ElectricianLayout() {
  return (
    <RouteGuard allowedRoles={AREA_ROLES.electrician}>
      <DashboardShell headerEnd={<NotificationBell />}>
        <OfflineArea />
        <Outlet />
      </DashboardShell>
    </RouteGuard>
  );
}

function OfflineArea() {
  useElectricianOfflineSync();
  const { t } = useCommonT();
  return (
    <>
      <OfflineBanner>{t('offline.electricianQueued')}</OfflineBanner>
      <OutboxPanel />
    </>
  );
}
