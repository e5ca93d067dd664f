import { type ElectricianSummary, ADMIN_MSG } from '@isaac/contract';
import { Cpu, HardHat, UserPlus, Users, Wrench } from 'lucide-react';
import { useState } from 'react';
import { ListBody, ListToolbar, useListView } from '~/components/list';
import { Button, StatCard } from '~/components/ui';
import { ELECTRICIANS_PAGE_SIZE } from '../../api/assignments-keys';
import { useElectricians } from '../../api/list-electricians';
import { electricianListView } from '../../model/electrician-lists';
import { AssignDevicesDialog } from '../devices/AssignDevicesDialog';
import { AssignCustomersDialog } from './AssignCustomersDialog';
import { ElectricianCustomers } from './ElectricianCustomers';
import { ElectriciansTable } from './ElectriciansTable';

type Dialog = { kind: 'customers' | 'devices'; electricianId?: string } | null;

/**
 * /admin/electricians: counts, the electricians (search, sort and page in the URL), Assign Customers and
 * Assign Devices.
 */
export function ElectriciansPage() {
  const view = useListView(electricianListView);
  const list = useElectricians(view.state, ELECTRICIANS_PAGE_SIZE);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const stats = list.data?.statistics;

  const open = (kind: 'customers' | 'devices', electrician?: ElectricianSummary) =>
    setDialog({ kind, electricianId: electrician?._id });

  return (
    <div className="space-y-6">
      <section aria-label="Electrician statistics" className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Electricians"
          value={stats?.electricians ?? 0}
          icon={HardHat}
          loading={list.isPending}
        />
        <StatCard
          label="Assigned Customers"
          value={stats?.customers ?? 0}
          icon={Users}
          accent="emerald"
          loading={list.isPending}
        />
        <StatCard
          label="Assigned Devices"
          value={stats?.devices ?? 0}
          icon={Cpu}
          accent="violet"
          loading={list.isPending}
        />
      </section>

      <div className="flex flex-wrap gap-2">
        <Button onClick={() => open('customers')} icon={<UserPlus aria-hidden="true" className="h-4 w-4" />}>
          Assign Customers
        </Button>
        <Button
          variant="secondary"
          onClick={() => open('devices')}
          icon={<Wrench aria-hidden="true" className="h-4 w-4" />}
        >
          Assign Devices
        </Button>
      </div>

      <ListToolbar list={view} search={{ label: 'Find electricians', placeholder: 'Name or e-mail' }} />
      <ListBody
        query={list}
        items={(data) => data.electricians}
        noun="electricians"
        errorTitle={ADMIN_MSG.loadElectricians}
        empty={{
          icon: HardHat,
          title: ADMIN_MSG.noElectricians,
          text: 'Add a user with the Electrician role.',
          filteredText: 'No electrician matches this search.',
        }}
        list={view}
      >
        {(electricians, dimmed) => (
          <ElectriciansTable
            electricians={electricians}
            dimmed={dimmed}
            sort={view.tableSort()}
            expanded={expanded}
            onToggle={(id) => setExpanded((current) => (current === id ? null : id))}
            onAssignCustomers={(e) => open('customers', e)}
            onAssignDevices={(e) => open('devices', e)}
            renderCustomers={(e) => <ElectricianCustomers electrician={e} />}
          />
        )}
      </ListBody>

      {dialog?.kind === 'customers' ? (
        <AssignCustomersDialog electricianId={dialog.electricianId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'devices' ? (
        <AssignDevicesDialog electricianId={dialog.electricianId} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
