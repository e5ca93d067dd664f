import { ELECTRICIAN_MSG, RECENT_ITEMS_ELECTRICIAN } from '@isaac/contract';
import { Activity, ClipboardList, Cpu, DoorOpen, RefreshCw, Users, Wrench } from 'lucide-react';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { Button, EmptyState, ErrorState, Panel, PanelLoading, QuickAction, StatCard } from '~/components/ui';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { useElectricianDashboard } from '../../api/get-dashboard';
import { formatDay } from '../../model/installation';
import { InstallationBadge } from '../InstallationBadge';
import { ConnectionTestPanel } from './ConnectionTestPanel';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/**
 * /electrician/dashboard (spec section 2): the four figures, quick actions, the API connection test and the
 * five latest devices and installations; refreshes every 30 s and on Refresh.
 */
export function ElectricianDashboardPage() {
  const dashboard = useElectricianDashboard();
  const data = dashboard.data;
  const { t } = useElectricianT();

  if (dashboard.isError) {
    return (
      <ErrorState
        title={ELECTRICIAN_MSG.loadDashboard}
        message={dashboard.error.message}
        onRetry={() => void dashboard.refetch()}
        retrying={dashboard.isFetching}
      />
    );
  }
  return (
    <div className="space-y-8">
      <section aria-labelledby="electrician-stats-heading" className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h2 id="electrician-stats-heading" className="text-base font-semibold text-white">
            {t('dashboard.overview')}
          </h2>
          <Button
            variant="outline"
            size="sm"
            loading={dashboard.isFetching && !dashboard.isPending}
            onClick={() => void dashboard.refetch()}
            icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
          >
            {t('dashboard.refresh')}
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={dashboard.isPending}>
          <StatCard
            label={t('dashboard.totalDevices')}
            value={data?.statistics.devices.total ?? 0}
            icon={Cpu}
            loading={!data}
          />
          <StatCard
            label={t('dashboard.assignedUsers')}
            value={data?.statistics.users ?? 0}
            icon={Users}
            accent="violet"
            loading={!data}
          />
          <StatCard
            label={t('dashboard.totalInstallations')}
            value={data?.statistics.installations.total ?? 0}
            icon={ClipboardList}
            accent="emerald"
            loading={!data}
          />
          <StatCard
            label={t('dashboard.activeSessions')}
            value={data?.statistics.installations.active ?? 0}
            icon={Activity}
            accent="amber"
            hint={t('dashboard.installationsUnderWay')}
            loading={!data}
          />
        </div>
      </section>

      <section aria-labelledby="electrician-actions-heading">
        <h2 id="electrician-actions-heading" className="mb-3 text-base font-semibold text-white">
          {t('dashboard.quickActions')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <QuickAction
            to={ELECTRICIAN_PATHS.devices}
            icon={Cpu}
            title={t('dashboard.devices')}
            text={t('dashboard.devicesText')}
          />
          <QuickAction
            to={ELECTRICIAN_PATHS.users}
            icon={Users}
            title={t('dashboard.customers')}
            text={t('dashboard.customersText')}
          />
          <QuickAction
            to={ELECTRICIAN_PATHS.rooms}
            icon={DoorOpen}
            title={t('dashboard.rooms')}
            text={t('dashboard.roomsText')}
          />
          <QuickAction
            to={ELECTRICIAN_PATHS.workflow}
            icon={Wrench}
            title={t('dashboard.install')}
            text={t('dashboard.installText')}
          />
        </ul>
      </section>

      <ConnectionTestPanel />

      <div className="grid gap-6 xl:grid-cols-2">
        <Panel
          id="electrician-recent-devices"
          title={t('dashboard.recentDevices')}
          viewAll={ELECTRICIAN_PATHS.devices}
        >
          {!data ? (
            <PanelLoading label={t('dashboard.loadingDevices')} />
          ) : data.devices.length === 0 ? (
            <EmptyState icon={Cpu} title={ELECTRICIAN_MSG.noDevices} />
          ) : (
            <ul className="divide-y divide-slate-700/70">
              {data.devices.slice(0, RECENT_ITEMS_ELECTRICIAN).map((device) => (
                <li
                  key={device._id}
                  className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-100">{device.name}</p>
                    <p className="truncate text-xs text-slate-400">
                      {device.model} · {device.serial_number}
                    </p>
                  </div>
                  <ConnectionBadge online={device.is_connected} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel
          id="electrician-recent-installations"
          title={t('dashboard.recentInstallations')}
          viewAll={ELECTRICIAN_PATHS.installations}
        >
          {!data ? (
            <PanelLoading label={t('dashboard.loadingInstallations')} />
          ) : data.installations.length === 0 ? (
            <EmptyState icon={ClipboardList} title={ELECTRICIAN_MSG.noRecentInstallations} />
          ) : (
            <ul className="divide-y divide-slate-700/70">
              {data.installations.slice(0, RECENT_ITEMS_ELECTRICIAN).map((installation) => (
                <li
                  key={installation._id}
                  className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-100">{installation.customer.name}</p>
                    <p className="text-xs text-slate-400">{formatDay(installation.installation_date)}</p>
                  </div>
                  <InstallationBadge status={installation.status} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
