import { ELECTRICIAN_MSG, RECENT_ITEMS_ELECTRICIAN } from '@isaac/contract';
import { Activity, ClipboardList, Cpu, DoorOpen, RefreshCw, Users, Wrench } from 'lucide-react';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { Button, EmptyState, ErrorState, Panel, PanelLoading, QuickAction, StatCard } from '~/components/ui';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { useElectricianDashboard } from '../../api/get-dashboard';
import { formatDay } from '../../model/installation';
import { InstallationBadge } from '../InstallationBadge';
import { ConnectionTestPanel } from './ConnectionTestPanel';

/**
 * /electrician/dashboard (spec section 2): the four figures, quick actions, the API connection test and the
 * five latest devices and installations; refreshes every 30 s and on Refresh.
 */
export function ElectricianDashboardPage() {
  const dashboard = useElectricianDashboard();
  const data = dashboard.data;

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
            Overview
          </h2>
          <Button
            variant="outline"
            size="sm"
            loading={dashboard.isFetching && !dashboard.isPending}
            onClick={() => void dashboard.refetch()}
            icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
          >
            Refresh
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={dashboard.isPending}>
          <StatCard
            label="Total Devices"
            value={data?.statistics.devices.total ?? 0}
            icon={Cpu}
            loading={!data}
          />
          <StatCard
            label="Assigned Users"
            value={data?.statistics.users ?? 0}
            icon={Users}
            accent="violet"
            loading={!data}
          />
          <StatCard
            label="Total Installations"
            value={data?.statistics.installations.total ?? 0}
            icon={ClipboardList}
            accent="emerald"
            loading={!data}
          />
          <StatCard
            label="Active Sessions"
            value={data?.statistics.installations.active ?? 0}
            icon={Activity}
            accent="amber"
            hint="Installations under way"
            loading={!data}
          />
        </div>
      </section>

      <section aria-labelledby="electrician-actions-heading">
        <h2 id="electrician-actions-heading" className="mb-3 text-base font-semibold text-white">
          Quick actions
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <QuickAction
            to={ELECTRICIAN_PATHS.devices}
            icon={Cpu}
            title="Devices"
            text="Configure WiFi and Bluetooth"
          />
          <QuickAction
            to={ELECTRICIAN_PATHS.users}
            icon={Users}
            title="Customers"
            text="Today's and all installations"
          />
          <QuickAction
            to={ELECTRICIAN_PATHS.rooms}
            icon={DoorOpen}
            title="Rooms"
            text="Your customers' rooms"
          />
          <QuickAction
            to={ELECTRICIAN_PATHS.workflow}
            icon={Wrench}
            title="Install"
            text="Phases and completion"
          />
        </ul>
      </section>

      <ConnectionTestPanel />

      <div className="grid gap-6 xl:grid-cols-2">
        <Panel id="electrician-recent-devices" title="Recent devices" viewAll={ELECTRICIAN_PATHS.devices}>
          {!data ? (
            <PanelLoading label="Loading devices…" />
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
          title="Recent installations"
          viewAll={ELECTRICIAN_PATHS.installations}
        >
          {!data ? (
            <PanelLoading label="Loading installations…" />
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
