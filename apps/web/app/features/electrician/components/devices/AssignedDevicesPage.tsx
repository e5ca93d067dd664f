import { ELECTRICIAN_MSG, type ElectricianDeviceEntry } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Bluetooth, Cpu, Settings2, Wifi } from 'lucide-react';
import { useState } from 'react';
import { BatteryBar } from '~/components/devices/BatteryBar';
import { ConnectionBadge } from '~/components/devices/ConnectionBadge';
import { Badge, Button, EmptyState } from '~/components/ui';
import { DataTable } from '~/components/ui/DataTable';
import { useElectricianDevices } from '../../api/list-devices';
import { Figures, ListStates } from '../ListScreen';
import { ConfigureDeviceDialog } from './ConfigureDeviceDialog';

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
    cell: (info) => info.getValue() ?? <span className="text-slate-400">In stock</span>,
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
    cell: (info) => done(info.row.original.device.wifi_configured, 'Configured', 'Not configured'),
  }),
  column.display({
    id: 'bluetooth',
    header: 'Bluetooth',
    cell: (info) => done(info.row.original.device.bluetooth_paired, 'Paired', 'Not paired'),
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

/** /electrician/devices 'Assigned Devices': four figures and the inventory, each device configurable. */
export function AssignedDevicesPage() {
  const list = useElectricianDevices();
  const [configuring, setConfiguring] = useState<ElectricianDeviceEntry | null>(null);
  const entries = list.data?.devices ?? [];
  const table = useTable({ features, columns, data: entries, getRowId: (entry) => entry._id });
  const count = (test: (e: ElectricianDeviceEntry) => boolean) => entries.filter(test).length;

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Assigned Devices</h2>
        <p className="text-sm text-slate-400">Devices in your stock and in your customers' homes.</p>
      </div>
      <Figures
        loading={list.isPending}
        figures={[
          { label: 'Total', value: list.data?.total ?? 0, icon: Cpu },
          { label: 'Connected', value: count((e) => e.device.is_connected), icon: Wifi, accent: 'emerald' },
          {
            label: 'WiFi Configured',
            value: count((e) => e.device.wifi_configured),
            icon: Settings2,
            accent: 'violet',
          },
          {
            label: 'Bluetooth Paired',
            value: count((e) => e.device.bluetooth_paired),
            icon: Bluetooth,
            accent: 'amber',
          },
        ]}
      />
      <ListStates
        query={list}
        loadingLabel="Loading devices…"
        errorTitle={ELECTRICIAN_MSG.loadDevices}
        empty={(data) =>
          data.devices.length === 0 ? (
            <EmptyState
              icon={Cpu}
              title={ELECTRICIAN_MSG.noDevices}
              description="An admin assigns devices to you."
            />
          ) : null
        }
      >
        {() => (
          <DataTable
            table={table}
            label="Assigned devices"
            minWidth="min-w-[60rem]"
            rowHeader="name"
            renderRowActions={(entry) => (
              <Button size="sm" variant="outline" onClick={() => setConfiguring(entry)}>
                Configure<span className="sr-only"> {entry.device.name}</span>
              </Button>
            )}
          />
        )}
      </ListStates>
      {configuring ? (
        <ConfigureDeviceDialog device={configuring.device} onClose={() => setConfiguring(null)} />
      ) : null}
    </div>
  );
}
