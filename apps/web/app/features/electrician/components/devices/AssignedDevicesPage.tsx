import { type ElectricianDeviceEntry } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Bluetooth, Cpu, Settings2, Wifi } from 'lucide-react';
import { useState } from 'react';
import { BatteryBar } from '~/components/devices/BatteryBar';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { ListBody, ListToolbar, useListView } from '~/components/list';
import { Badge, Button, DataTable, type TableSort } from '~/components/ui';
import { useElectricianDevices } from '../../api/list-devices';
import { deviceListView } from '../../model/lists';
import { Figures, pageLabel } from '../ListScreen';
import { ConfigureDeviceDialog } from './ConfigureDeviceDialog';
import { useElectricianT } from '~/lib/i18n/electrician-texts';
import { i18n } from '~/lib/i18n';

/** Cells are drawn while the page renders (in the language shown). */
const et = i18n.getFixedT(null, 'electrician');

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ElectricianDeviceEntry>();
const done = (ok: boolean, yes: string, no: string) => (
  <Badge tone={ok ? 'green' : 'slate'} className="whitespace-nowrap">
    {ok ? yes : no}
  </Badge>
);
const columns = column.columns([
  column.accessor((entry) => entry.device.name, {
    id: 'name',
    header: 'Device',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-100">{info.getValue()}</div>
        <div className="font-mono text-xs text-slate-400">{info.row.original.device.serial_number}</div>
      </div>
    ),
  }),
  column.accessor((entry) => entry.customer?.name ?? null, {
    id: 'customer',
    header: 'Customer',
    cell: (info) => info.getValue() ?? <span className="text-slate-400">{et('devices.inStock')}</span>,
  }),
  column.accessor((entry) => entry.device.room_name, {
    id: 'room',
    header: 'Room',
    cell: (info) => info.getValue() ?? '—',
  }),
  column.display({
    id: 'status',
    header: 'Status',
    cell: (info) => <ConnectionBadge online={info.row.original.device.is_connected} />,
  }),
  column.display({
    id: 'wifi',
    header: 'WiFi',
    cell: (info) =>
      done(info.row.original.device.wifi_configured, et('devices.configured'), et('devices.notConfigured')),
  }),
  column.display({
    id: 'bluetooth',
    header: 'Bluetooth',
    cell: (info) =>
      done(info.row.original.device.bluetooth_paired, et('devices.paired'), et('devices.notPaired')),
  }),
  column.display({
    id: 'battery',
    header: 'Battery',
    cell: (info) => (
      <div className="w-36">
        <BatteryBar level={info.row.original.device.battery_level} />
      </div>
    ),
  }),
]);

/** The devices of a page as the kit's table (cards on a phone), sorted on the server by its headers. */
function DevicesTable({
  entries,
  dimmed,
  sort,
  onConfigure,
}: {
  entries: ElectricianDeviceEntry[];
  dimmed: boolean;
  sort: TableSort;
  onConfigure: (entry: ElectricianDeviceEntry) => void;
}) {
  const table = useTable({ features, columns, data: entries, getRowId: (entry) => entry._id });
  const { t } = useElectricianT();
  return (
    <DataTable
      table={table}
      label={t('devices.assignedDevices')}
      minWidth="min-w-[60rem]"
      rowHeader="name"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={(entry) => (
        <Button size="sm" variant="outline" onClick={() => onConfigure(entry)}>
          {t('devices.configure')}
          <span className="sr-only"> {entry.device.name}</span>
        </Button>
      )}
    />
  );
}

/**
 * /electrician/devices 'Assigned Devices': four figures and the inventory — searched (name, serial, customer),
 * sorted and paged on the server, in the URL — each device configurable.
 */
export function AssignedDevicesPage() {
  const view = useListView(deviceListView);
  const list = useElectricianDevices(view.state);
  const [configuring, setConfiguring] = useState<ElectricianDeviceEntry | null>(null);
  const entries = list.data?.devices ?? [];
  const total = list.data?.total;
  const { t } = useElectricianT();
  const count = (label: string, test: (e: ElectricianDeviceEntry) => boolean) => ({
    label: pageLabel(label, entries.length, total),
    value: entries.filter(test).length,
  });

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">{t('devices.title')}</h2>
        <p className="text-sm text-slate-400">{t('devices.intro')}</p>
      </div>
      <Figures
        loading={list.isPending}
        figures={[
          { label: view.filtered ? t('devices.found') : t('devices.total'), value: total ?? 0, icon: Cpu },
          { ...count(t('devices.connected'), (e) => e.device.is_connected), icon: Wifi, accent: 'emerald' },
          {
            ...count(t('devices.wifiConfigured'), (e) => e.device.wifi_configured),
            icon: Settings2,
            accent: 'violet',
          },
          {
            ...count(t('devices.bluetoothPaired'), (e) => e.device.bluetooth_paired),
            icon: Bluetooth,
            accent: 'amber',
          },
        ]}
      />
      <ListToolbar
        list={view}
        search={{ label: t('devices.findDevices'), placeholder: t('devices.searchHint') }}
      />
      <ListBody
        query={list}
        items={(data) => data.devices}
        noun={t('devices.devices')}
        errorTitle={t('msg.loadDevices')}
        empty={{
          icon: Cpu,
          title: t('msg.noDevices'),
          text: t('devices.anAdminAssignsDevicesTo'),
          filteredText: t('devices.noDeviceMatchesThisSearch'),
        }}
        list={view}
      >
        {(found, dimmed) => (
          <DevicesTable
            entries={found}
            dimmed={dimmed}
            sort={view.tableSort({
              room: 'room_name',
              status: 'is_connected',
              wifi: 'wifi_configured',
              bluetooth: 'bluetooth_paired',
              battery: 'battery_level',
            })}
            onConfigure={setConfiguring}
          />
        )}
      </ListBody>
      {configuring ? (
        <ConfigureDeviceDialog device={configuring.device} onClose={() => setConfiguring(null)} />
      ) : null}
    </div>
  );
}
