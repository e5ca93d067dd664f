import { type ElectricianSummary, ADMIN_MSG } from '@isaac/contract';
import { Cpu, HardHat, UserPlus, Users, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Button, EmptyState, ErrorState, Pagination, StatCard } from '~/components/ui';
import { ELECTRICIANS_PAGE_SIZE } from '../../api/assignments-keys';
import { useElectricians } from '../../api/list-electricians';
import { pageCount } from '../../model/admin-device-filters';
import { AssignDevicesDialog } from '../devices/AssignDevicesDialog';
import { AssignCustomersDialog } from './AssignCustomersDialog';
import { ElectricianCustomers } from './ElectricianCustomers';
import { ElectriciansTable } from './ElectriciansTable';

type Dialog = { kind: 'customers' | 'devices'; electricianId?: string } | null;

/** /admin/electricians: counts, the electricians table, Assign Customers and Assign Devices. */
export function ElectriciansPage() {
  const [page, setPage] = useState(1);
  const list = useElectricians('', page, ELECTRICIANS_PAGE_SIZE);
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

      {list.isPending ? (
        <div
          role="status"
          aria-busy="true"
          className="rounded-xl border border-slate-700 p-6 text-sm text-slate-400"
        >
          Loading electricians…
        </div>
      ) : list.isError ? (
        <ErrorState
          title={ADMIN_MSG.loadElectricians}
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.electricians.length === 0 ? (
        <EmptyState
          icon={HardHat}
          title={ADMIN_MSG.noElectricians}
          description="Add a user with the Electrician role."
        />
      ) : (
        <>
          <ElectriciansTable
            electricians={list.data.electricians}
            dimmed={list.isPlaceholderData}
            expanded={expanded}
            onToggle={(id) => setExpanded((current) => (current === id ? null : id))}
            onAssignCustomers={(e) => open('customers', e)}
            onAssignDevices={(e) => open('devices', e)}
            renderCustomers={(e) => <ElectricianCustomers electrician={e} />}
          />
          <Pagination
            label="Electrician pages"
            page={page}
            pageCount={pageCount(list.data.total, list.data.page_size)}
            onPageChange={setPage}
          />
        </>
      )}

      {dialog?.kind === 'customers' ? (
        <AssignCustomersDialog electricianId={dialog.electricianId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'devices' ? (
        <AssignDevicesDialog electricianId={dialog.electricianId} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
