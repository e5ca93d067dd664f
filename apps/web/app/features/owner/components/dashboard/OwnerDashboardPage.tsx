import { MSG, RECENT_ITEMS_OWNER, type Device, type Room } from '@isaac/contract';
import { Cpu, DoorOpen, Plus, Power, Settings, ToggleRight, Wind } from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  Badge,
  ButtonLink,
  EmptyState,
  ErrorState,
  Panel,
  PanelLoading,
  QuickAction,
  StatCard,
} from '~/components/ui';
import { ownerDashboardQuery, useOwnerDashboard } from '../../api/get-dashboard';
import { deviceListQuery, useDeviceList } from '../../api/list-devices';
import { roomListQuery, useRoomList } from '../../api/list-rooms';
import { deviceListView } from '../../model/device-filters';
import { DEVICE_TYPE_LABELS } from '../../model/labels';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { DeviceTypeIcon } from '../devices/DeviceTypeIcon';
import { InstallationRecords } from './InstallationRecords';
import { AirQualityBadge } from '~/components/devices/AirQualityBadge';
import { OWNER_PATHS, ownerLinks } from '~/lib/paths';
import { useOwnerT } from '~/lib/i18n/owner-texts';

/** Starts the dashboard's three requests (the queries the page reads) without waiting for them. */
export function prefetchOwnerDashboard(client: QueryClient): void {
  void client.prefetchQuery(ownerDashboardQuery());
  void client.prefetchQuery(deviceListQuery(deviceListView.none, RECENT_ITEMS_OWNER));
  void client.prefetchQuery(roomListQuery(RECENT_ITEMS_OWNER));
}

/** /owner/dashboard: device and room counts, quick actions, up to 6 recent devices and 6 rooms. */
export function OwnerDashboardPage() {
  const stats = useOwnerDashboard();
  const devices = useDeviceList(deviceListView.none, RECENT_ITEMS_OWNER);
  const rooms = useRoomList(RECENT_ITEMS_OWNER);
  const counts = stats.data?.statistics;
  const { t } = useOwnerT();

  return (
    <div className="space-y-8">
      <section aria-labelledby="owner-stats-heading">
        <h2 id="owner-stats-heading" className="sr-only">
          {t('dashboard.overview')}
        </h2>
        {stats.isError ? (
          <ErrorState
            title={MSG.loadDashboard}
            message={stats.error.message}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        ) : (
          <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" aria-busy={stats.isPending}>
            <StatCard
              label={t('dashboard.totalDevices')}
              value={counts?.devices.total ?? 0}
              icon={Cpu}
              loading={stats.isPending}
            />
            <StatCard
              label={t('dashboard.lumosDevices')}
              value={counts?.devices.lumos_devices ?? 0}
              icon={ToggleRight}
              accent="amber"
              loading={stats.isPending}
            />
            <StatCard
              label={t('dashboard.isaacDevices', { type: DEVICE_TYPE_LABELS.isaac })}
              value={counts?.devices.isaac ?? 0}
              icon={Wind}
              accent="emerald"
              loading={stats.isPending}
            />
            <StatCard
              label={t('dashboard.rooms')}
              value={counts?.rooms ?? 0}
              icon={DoorOpen}
              accent="violet"
              loading={stats.isPending}
            />
          </div>
        )}
      </section>

      {stats.data && stats.data.air_quality.length > 0 ? (
        <section aria-labelledby="owner-air-heading">
          <h2 id="owner-air-heading" className="mb-3 text-base font-semibold text-white">
            {t('dashboard.airQuality')}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {stats.data.air_quality.map((room) => (
              <li
                key={room.room_id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-slate-700/80 bg-slate-800/60 p-4"
              >
                <span className="font-medium text-white">{room.room_name}</span>
                <AirQualityBadge airQuality={room} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="owner-actions-heading">
        <h2 id="owner-actions-heading" className="mb-3 text-base font-semibold text-white">
          {t('dashboard.quickActions')}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-3">
          <QuickAction
            to={OWNER_PATHS.devices}
            icon={Cpu}
            title={t('dashboard.manageDevices')}
            text={t('dashboard.manageDevicesText')}
          />
          <QuickAction
            to={OWNER_PATHS.rooms}
            icon={DoorOpen}
            title={t('dashboard.manageRooms')}
            text={t('dashboard.manageRoomsText')}
          />
          <QuickAction
            to={OWNER_PATHS.settings}
            icon={Settings}
            title={t('dashboard.settings')}
            text={t('dashboard.settingsText')}
          />
        </ul>
      </section>

      <div className="grid gap-6 xl:grid-cols-2">
        <Panel id="owner-recent-devices" title={t('dashboard.recentDevices')} viewAll={OWNER_PATHS.devices}>
          {devices.isPending ? (
            <PanelLoading label={t('dashboard.loadingDevices')} />
          ) : devices.isError ? (
            <ErrorState
              title={MSG.loadDevices}
              onRetry={() => void devices.refetch()}
              retrying={devices.isFetching}
            />
          ) : devices.data.devices.length === 0 ? (
            <EmptyState
              icon={Cpu}
              title={t('messages:msg.noDevices')}
              action={
                <ButtonLink to={ownerLinks.addDevice} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
                  {t('messages:msg.addFirstDevice')}
                </ButtonLink>
              }
            />
          ) : (
            <ul className="divide-y divide-slate-700/70">
              {devices.data.devices.slice(0, RECENT_ITEMS_OWNER).map((device) => (
                <RecentDevice key={device._id} device={device} />
              ))}
            </ul>
          )}
        </Panel>

        <Panel id="owner-rooms" title={t('dashboard.rooms')} viewAll={OWNER_PATHS.rooms}>
          {rooms.isPending ? (
            <PanelLoading label={t('dashboard.loadingRooms')} />
          ) : rooms.isError ? (
            <ErrorState
              title={MSG.loadRooms}
              onRetry={() => void rooms.refetch()}
              retrying={rooms.isFetching}
            />
          ) : rooms.data.rooms.length === 0 ? (
            <EmptyState
              icon={DoorOpen}
              title={t('messages:msg.noRooms')}
              action={
                <ButtonLink to={ownerLinks.addRoom} icon={<Plus aria-hidden="true" className="h-4 w-4" />}>
                  {t('messages:msg.createFirstRoom')}
                </ButtonLink>
              }
            />
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {rooms.data.rooms.slice(0, RECENT_ITEMS_OWNER).map((room) => (
                <RoomTile key={room._id} room={room} />
              ))}
            </ul>
          )}
        </Panel>
      </div>
      <InstallationRecords />
    </div>
  );
}

function RecentDevice({ device }: { device: Device }) {
  const { t } = useOwnerT();
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <DeviceTypeIcon type={device.type} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-white">{device.name}</p>
        <p className="truncate text-xs text-slate-400">
          {DEVICE_TYPE_LABELS[device.type]} · {device.room_name ?? t('dashboard.notInRoom')}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 sm:flex-row sm:items-center sm:gap-2">
        <Badge tone={device.power_on ? 'green' : 'slate'}>
          <Power aria-hidden="true" className="h-3 w-3" />
          {device.power_on ? t('common:ui.on') : t('common:ui.off')}
        </Badge>
        <ConnectionBadge online={device.is_connected} />
      </div>
    </li>
  );
}

function RoomTile({ room }: { room: Room }) {
  const { t } = useOwnerT();
  return (
    <li>
      <Link
        to={ownerLinks.devicesInRoom(room._id)}
        className="flex items-center gap-3 rounded-lg border border-slate-700/70 p-3 transition-colors hover:border-sky-500/50 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-sky-400"
      >
        <span className="shrink-0 rounded-lg bg-violet-500/15 p-2 text-violet-300">
          <DoorOpen aria-hidden="true" className="h-4 w-4" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium text-white">{room.name}</span>
          <span className="block text-xs text-slate-400">
            {t(`common:roomTypes.${room.type}`)} ·{' '}
            {room.devices.length === 0
              ? t('common:devices.none')
              : t('common:devices.count', { count: room.devices.length })}
          </span>
        </span>
      </Link>
    </li>
  );
}
