import { type Installation } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { CheckCircle2, ClipboardList, Clock, RefreshCw, Wrench } from 'lucide-react';
import { useState } from 'react';
import { ListBody, useListView } from '~/components/list';
import { Button, DataTable, type TableSort } from '~/components/ui';
import { useInstallations } from '../../api/list-installations';
import { formatDay } from '../../model/installation';
import { ELECTRICIAN_PAGE_SIZE, installationListView } from '../../model/lists';
import { InstallationBadge } from '../InstallationBadge';
import { Figures, pageLabel } from '../ListScreen';
import { CompleteInstallationDialog } from './CompleteInstallationDialog';
import { DeviceDots } from './DeviceDots';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

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

/** The installations of a page as the kit's table (cards on a phone), sorted on the server by its headers. */
function InstallationsTable({
  installations,
  dimmed,
  sort,
  onComplete,
}: {
  installations: Installation[];
  dimmed: boolean;
  sort: TableSort;
  onComplete: (installation: Installation) => void;
}) {
  const table = useTable({ features, columns, data: installations, getRowId: (i) => i._id });
  const { t } = useElectricianT();
  return (
    <DataTable
      table={table}
      label={t('installations.installations')}
      minWidth="min-w-[48rem]"
      rowHeader="customer"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={(installation) =>
        installation.status === 'in_progress' ? (
          <Button size="sm" onClick={() => onComplete(installation)}>
            {t('installations.complete')}
            <span className="sr-only">
              {' '}
              {t('installations.completeFor', { name: installation.customer.name })}
            </span>
          </Button>
        ) : installation.status === 'completed' ? (
          <span className="text-sm text-emerald-300">{t('installations.done')}</span>
        ) : (
          <span className="text-sm text-slate-400">{t('installations.notStarted')}</span>
        )
      }
    />
  );
}

/**
 * /electrician/installations: counts, the table with status colours and device progress — sorted and paged
 * on the server, in the URL — Complete with notes.
 */
export function InstallationsPage() {
  const view = useListView(installationListView);
  const list = useInstallations(view.state, ELECTRICIAN_PAGE_SIZE);
  const [completing, setCompleting] = useState<Installation | null>(null);
  const installations = list.data?.installations ?? [];
  const total = list.data?.total;
  const { t } = useElectricianT();
  const count = (label: string, status: Installation['status']) => ({
    label: pageLabel(label, installations.length, total),
    value: installations.filter((i) => i.status === status).length,
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-white">{t('installations.installations')}</h2>
          <p className="text-sm text-slate-400">{t('installations.refreshes')}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          loading={list.isFetching && !list.isPending}
          onClick={() => void list.refetch()}
          icon={<RefreshCw aria-hidden="true" className="h-4 w-4" />}
        >
          {t('dashboard.refresh')}
        </Button>
      </div>
      <Figures
        loading={list.isPending}
        figures={[
          { label: t('installations.total'), value: total ?? 0, icon: ClipboardList },
          { ...count(t('status.pending'), 'pending'), icon: Clock, accent: 'amber' },
          { ...count(t('status.in_progress'), 'in_progress'), icon: Wrench, accent: 'sky' },
          { ...count(t('status.completed'), 'completed'), icon: CheckCircle2, accent: 'emerald' },
        ]}
      />
      <ListBody
        query={list}
        items={(data) => data.installations}
        noun={t('installations.installations2')}
        errorTitle={t('msg.loadInstallations')}
        empty={{
          icon: ClipboardList,
          title: t('msg.noInstallations'),
          text: t('installations.startOneFromAssignedCustomers'),
        }}
        list={view}
      >
        {(shown, dimmed) => (
          <InstallationsTable
            installations={shown}
            dimmed={dimmed}
            sort={view.tableSort()}
            onComplete={setCompleting}
          />
        )}
      </ListBody>
      {completing ? (
        <CompleteInstallationDialog
          // the list's current copy: a device tested from the dialog updates it
          installation={installations.find((i) => i._id === completing._id) ?? completing}
          variant="notes"
          onClose={() => setCompleting(null)}
        />
      ) : null}
    </div>
  );
}
