import { ADMIN_DEVICE_ASSIGNMENTS, DEVICE_TYPES, MSG, type AdminDevice } from '@isaac/contract';
import type { RowSelectionState } from '@tanstack/react-table';
import {
  Cpu,
  HardDriveUpload,
  MessageSquareWarning,
  Layers,
  SearchX,
  UserMinus,
  UserPlus,
  Wifi,
  WifiOff,
  Wrench,
} from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListFilter, ListToolbar, useListView } from '~/components/list';
import { Button, ButtonLink, ErrorState, StatCard } from '~/components/ui';
import { ADMIN_DEVICES_PAGE_SIZE } from '../../api/assignments-keys';
import { useDeviceStats } from '../../api/get-device-stats';
import { useAdminDeviceList } from '../../api/list-admin-devices';
import { type UnassignFrom, useUnassignDevices } from '../../api/unassign-devices';
import { adminDeviceListView } from '../../model/admin-device-filters';
import { AdminDevicesTable } from './AdminDevicesTable';
import { AssignDevicesDialog } from './AssignDevicesDialog';
import { DeviceMessagesDialog } from './DeviceMessagesDialog';
import { FirmwareUploadDialog } from '../firmware/FirmwareUploadDialog';
import { ADMIN_PATHS } from '~/lib/paths';

const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({
  value: type,
  label: { isaac: 'ISAAC', lumos: 'Lumos', skywalker: 'SKYWALKER' }[type],
}));
const STATUS_OPTIONS = [
  { value: 'online', label: 'Online' },
  { value: 'offline', label: 'Offline' },
];
const ASSIGNMENT_OPTIONS = ADMIN_DEVICE_ASSIGNMENTS.map((value) => ({
  value,
  label: value === 'assigned' ? 'Assigned (has an owner)' : 'Available',
}));

/** /admin/devices: stat cards, search and filters (kept in the URL), the table with bulk actions. */
export function AdminDevicesPage() {
  const view = useListView(adminDeviceListView);
  const stats = useDeviceStats();
  const list = useAdminDeviceList(view.state, ADMIN_DEVICES_PAGE_SIZE);
  const unassign = useUnassignDevices();
  // The selected devices by id: kept across pages and refetches (the table's selection is derived from it).
  const [picked, setPicked] = useState<Record<string, AdminDevice>>({});
  const [assigning, setAssigning] = useState(false);
  // The device whose Upload opened the firmware dialog (for its type).
  const [uploadFor, setUploadFor] = useState<AdminDevice | null>(null);
  const [messagesOf, setMessagesOf] = useState<AdminDevice | null>(null);
  const selection: RowSelectionState = Object.fromEntries(
    Object.keys(picked).map((id) => [id, true as const]),
  );
  const setSelection = (updater: RowSelectionState | ((old: RowSelectionState) => RowSelectionState)) => {
    const next = typeof updater === 'function' ? updater(selection) : updater;
    const onPage = new Map((list.data?.devices ?? []).map((d) => [d._id, d]));
    setPicked((old) =>
      Object.fromEntries(
        Object.keys(next).flatMap((id) => {
          const device = onPage.get(id) ?? old[id];
          return device ? [[id, device]] : [];
        }),
      ),
    );
  };
  const selectedIds = Object.keys(picked);
  const selectedDevices = Object.values(picked);

  const clearSelection = () => setPicked({});
  const runUnassign = (from: UnassignFrom) =>
    unassign.mutate({ from, deviceIds: selectedIds }, { onSuccess: clearSelection });

  const filtered = view.filtered;
  const versions = stats.data?.firmware_versions ?? [];

  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <ButtonLink
          size="sm"
          variant="outline"
          to={ADMIN_PATHS.firmware}
          icon={<HardDriveUpload aria-hidden="true" className="h-4 w-4" />}
        >
          Firmware images
        </ButtonLink>
      </div>
      <section aria-label="Device statistics" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <StatCard label="Total Devices" value={stats.data?.total ?? 0} icon={Cpu} loading={stats.isPending} />
        <StatCard
          label="Online"
          value={stats.data?.online ?? 0}
          icon={Wifi}
          accent="emerald"
          loading={stats.isPending}
        />
        <StatCard
          label="Offline"
          value={stats.data?.offline ?? 0}
          icon={WifiOff}
          accent="rose"
          loading={stats.isPending}
        />
        <StatCard
          label="Device Types"
          value={stats.data?.types ?? 0}
          icon={Layers}
          accent="violet"
          loading={stats.isPending}
        />
      </section>
      {stats.isError ? (
        <ErrorState
          title={MSG.loadDevices}
          message={stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      ) : null}

      <section aria-label="Device filters">
        <ListToolbar
          list={view}
          search={{ label: 'Find devices', placeholder: 'Name, serial, owner name or e-mail' }}
        >
          <ListFilter list={view} name="type" label="Type" placeholder="All types" options={TYPE_OPTIONS} />
          <ListFilter
            list={view}
            name="status"
            label="Status"
            placeholder="Online and offline"
            options={STATUS_OPTIONS}
          />
          <ListFilter
            list={view}
            name="assignment"
            label="Assignment"
            placeholder="Assigned and available"
            options={ASSIGNMENT_OPTIONS}
            className="sm:w-56"
          />
          <ListFilter
            list={view}
            name="firmware_version"
            label="Firmware"
            placeholder="Any version"
            options={versions.map((v) => ({ value: v, label: v }))}
          />
        </ListToolbar>
      </section>

      <div
        role="toolbar"
        aria-label="Bulk actions"
        className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-700 bg-slate-800/40 px-4 py-3"
      >
        <p className="mr-auto text-sm text-slate-300" aria-live="polite">
          {selectedIds.length === 0
            ? 'Select devices to assign or unassign them.'
            : `${selectedIds.length} selected`}
        </p>
        <Button
          size="sm"
          disabled={selectedIds.length === 0}
          onClick={() => setAssigning(true)}
          icon={<Wrench aria-hidden="true" className="h-4 w-4" />}
        >
          Assign to electrician
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={selectedIds.length === 0 || unassign.isPending}
          onClick={() => runUnassign('electrician')}
          icon={<UserMinus aria-hidden="true" className="h-4 w-4" />}
        >
          Unassign from electrician
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={selectedIds.length === 0 || unassign.isPending}
          onClick={() => runUnassign('owner')}
          icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}
        >
          Unassign from owner
        </Button>
        {selectedIds.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={clearSelection}>
            Clear selection
          </Button>
        ) : null}
      </div>

      <ListBody
        query={list}
        items={(data) => data.devices}
        noun="devices"
        errorTitle={MSG.loadDevices}
        empty={{
          icon: SearchX,
          title: MSG.noDevices,
          text: 'No device has been added yet.',
          filteredText: 'No devices match this search and these filters.',
        }}
        list={view}
      >
        {(devices, dimmed, data) => (
          <>
            <p className="text-sm text-slate-400" aria-live="polite">
              {data.total} {data.total === 1 ? 'device' : 'devices'}
              {filtered ? ' match' : ''}
            </p>
            <AdminDevicesTable
              devices={devices}
              selection={selection}
              onSelectionChange={setSelection}
              dimmed={dimmed}
              sort={view.tableSort()}
              renderRowActions={(device) => (
                <div className="flex gap-1">
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setMessagesOf(device)}
                    icon={<MessageSquareWarning aria-hidden="true" className="h-4 w-4" />}
                    aria-label={`Messages not stored from ${device.name}`}
                  >
                    Messages
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setUploadFor(device)}
                    icon={<HardDriveUpload aria-hidden="true" className="h-4 w-4" />}
                    aria-label={`Upload firmware for ${device.name}`}
                  >
                    Upload
                  </Button>
                </div>
              )}
            />
          </>
        )}
      </ListBody>

      {messagesOf ? <DeviceMessagesDialog device={messagesOf} onClose={() => setMessagesOf(null)} /> : null}
      {uploadFor ? (
        <FirmwareUploadDialog
          onClose={() => setUploadFor(null)}
          presetDeviceType={uploadFor.type}
          lockDeviceType
          target={uploadFor.name}
        />
      ) : null}
      {assigning ? (
        <AssignDevicesDialog
          devices={selectedDevices}
          onClose={() => setAssigning(false)}
          onAssigned={clearSelection}
        />
      ) : null}
    </div>
  );
}
