import { ELECTRICIAN_MSG, type Installation } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { CheckCircle2, ClipboardList, Clock, RefreshCw, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Button, EmptyState } from '~/components/ui';
import { DataTable } from '~/components/ui/DataTable';
import { useInstallations } from '../../api/list-installations';
import { formatDay } from '../../model/installation';
import { InstallationBadge } from '../InstallationBadge';
import { Figures, ListStates } from '../ListScreen';
import { CompleteInstallationDialog } from './CompleteInstallationDialog';
import { DeviceDots } from './DeviceDots';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, Installation>();
const columns = column.columns([
  column.accessor((i) => i.customer.name, {
    id: 'customer',
    header: 'Customer',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-100">{info.getValue()}</div>
        <div className="text-xs whitespace-nowrap text-slate-400">{info.row.original.customer.email}</div>
      </div>
    ),
  }),
  column.accessor('installation_date', { header: 'Date', cell: (info) => formatDay(info.getValue()) }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <InstallationBadge status={info.getValue()} />,
  }),
  column.display({
    id: 'devices',
    header: 'Devices',
    cell: (info) => <DeviceDots devices={info.row.original.devices} />,
  }),
]);

/** /electrician/installations: counts, the table with status colours and device progress, Complete with notes. */
export function InstallationsPage() {
  const list = useInstallations();
  const [completing, setCompleting] = useState<Installation | null>(null);
  const installations = list.data?.installations ?? [];
  const table = useTable({ features, columns, data: installations, getRowId: (i) => i._id });
  const count = (status: Installation['status']) => installations.filter((i) => i.status === status).length;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-white">Installations</h2>
          <p className="text-sm text-slate-400">Refreshes every 30 seconds.</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          loading={list.isFetching && !list.isPending}
          onClick={() => void list.refetch()}
          icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
        >
          Refresh
        </Button>
      </div>
      <Figures
        loading={list.isPending}
        figures={[
          { label: 'Total', value: list.data?.total ?? 0, icon: ClipboardList },
          { label: 'Pending', value: count('pending'), icon: Clock, accent: 'amber' },
          { label: 'In progress', value: count('in_progress'), icon: Wrench, accent: 'sky' },
          { label: 'Completed', value: count('completed'), icon: CheckCircle2, accent: 'emerald' },
        ]}
      />
      <ListStates
        query={list}
        loadingLabel="Loading installations…"
        errorTitle={ELECTRICIAN_MSG.loadInstallations}
        empty={(data) =>
          data.installations.length === 0 ? (
            <EmptyState
              icon={ClipboardList}
              title={ELECTRICIAN_MSG.noInstallations}
              description="Start one from Assigned Customers."
            />
          ) : null
        }
      >
        {() => (
          <DataTable
            table={table}
            label="Installations"
            minWidth="min-w-[48rem]"
            rowHeader="customer"
            renderRowActions={(installation) =>
              installation.status === 'in_progress' ? (
                <Button size="sm" onClick={() => setCompleting(installation)}>
                  Complete<span className="sr-only"> the installation for {installation.customer.name}</span>
                </Button>
              ) : installation.status === 'completed' ? (
                <span className="text-sm text-emerald-300">Done</span>
              ) : (
                <span className="text-sm text-slate-400">Not started</span>
              )
            }
          />
        )}
      </ListStates>
      {completing ? (
        <CompleteInstallationDialog
          installation={completing}
          variant="notes"
          onClose={() => setCompleting(null)}
        />
      ) : null}
    </div>
  );
}
