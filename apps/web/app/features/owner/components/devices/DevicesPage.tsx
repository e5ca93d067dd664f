import { homeRoleMay, MSG, type Device } from '@isaac/contract';
import { Cpu, Plus, SearchX } from 'lucide-react';
import { useState } from 'react';
import { ListBody, useListView } from '~/components/list';
import { Button, lazyDialog, preloadOnIntent } from '~/components/ui';
import { DEVICES_PAGE_SIZE } from '../../api/keys';
import { useDeviceList } from '../../api/list-devices';
import { deviceListView } from '../../model/device-filters';
import { DeviceCard, DeviceCardSkeleton } from './DeviceCard';
import { DeviceFiltersBar } from './DeviceFiltersBar';
import { useAddDialog } from '../use-add-dialog';
import { useCurrentHome } from '../../api/homes';
import { useOwnerT } from '~/lib/i18n/owner-texts';

// The forms load when wanted, with their schemas (ADR 083).
const AddDeviceModal = lazyDialog(() => import('./AddDeviceModal').then((m) => m.AddDeviceModal));
const DeviceSettingsModal = lazyDialog(() =>
  import('./DeviceSettingsModal').then((m) => m.DeviceSettingsModal),
);

/** /owner/devices: the owner's devices as a card grid, filtered by room and type and sorted (in the URL). */
export function DevicesPage() {
  const view = useListView(deviceListView);
  const list = useDeviceList(view.state, DEVICES_PAGE_SIZE);
  const add = useAddDialog();
  // Adding devices is the home owner's (issue 32): a member or guest does not get the button.
  const home = useCurrentHome();
  const mayAdd = !home || homeRoleMay(home.role, 'devices.manage');
  const [settingsFor, setSettingsFor] = useState<string | null>(null);
  const settingsIntent = preloadOnIntent(DeviceSettingsModal);
  // The modal shows the freshest copy of the device (lists refetch every 30 s).
  const settingsDevice: Device | undefined = settingsFor
    ? list.data?.devices.find((device) => device._id === settingsFor)
    : undefined;

  const filtered = view.filtered;
  const total = list.data?.total ?? 0;
  const { t } = useOwnerT();

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold text-white">{t('devices.title')}</h2>
          <p className="text-sm text-slate-400" aria-live="polite">
            {list.data
              ? t(filtered ? 'devices.countFiltered' : 'devices.count', { count: total })
              : t('devices.intro')}
          </p>
        </div>
        {mayAdd ? (
          <Button
            onClick={add.open}
            {...preloadOnIntent(AddDeviceModal)}
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            {t('devices.add')}
          </Button>
        ) : null}
      </div>

      <DeviceFiltersBar list={view} />

      <ListBody
        query={list}
        items={(data) => data.devices}
        noun={t('devices.noun')}
        errorTitle={MSG.loadDevices}
        empty={{
          icon: filtered ? SearchX : Cpu,
          title: t('messages:msg.noDevices'),
          text: t('devices.emptyText'),
          filteredText: t('devices.emptyFiltered'),
          action: (
            <Button
              onClick={add.open}
              {...preloadOnIntent(AddDeviceModal)}
              icon={<Plus aria-hidden="true" className="h-4 w-4" />}
            >
              {t('messages:msg.addFirstDevice')}
            </Button>
          ),
        }}
        list={view}
        skeleton={
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <DeviceCardSkeleton key={i} />
            ))}
          </div>
        }
      >
        {(devices, dimmed) => (
          <ul
            aria-label={t('devices.list')}
            className={`grid gap-4 sm:grid-cols-2 xl:grid-cols-3 ${dimmed ? 'opacity-60' : ''}`}
          >
            {devices.map((device) => (
              <li key={device._id} className="flex">
                <DeviceCard
                  device={device}
                  onOpenSettings={(d) => setSettingsFor(d._id)}
                  settingsIntent={settingsIntent}
                />
              </li>
            ))}
          </ul>
        )}
      </ListBody>

      {add.adding ? <AddDeviceModal onClose={add.close} /> : null}
      {settingsDevice ? (
        <DeviceSettingsModal device={settingsDevice} onClose={() => setSettingsFor(null)} />
      ) : null}
    </div>
  );
}
