import { type ElectricianCustomer } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { CalendarCheck, CheckCircle2, PlayCircle, Users, Wrench } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ListBody, useListView } from '~/components/list';
import { Badge, Button, ButtonLink, DataTable, type TableSort } from '~/components/ui';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { useElectricianCustomers } from '../../api/list-customers';
import { useStartInstallation } from '../../api/installation-changes';
import { CUSTOMER_STATUS, formatDay, todaysCustomers } from '../../model/installation';
import { customerListView, ELECTRICIAN_PAGE_SIZE } from '../../model/lists';
import { Figures, pageLabel } from '../ListScreen';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ElectricianCustomer>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Customer',
    cell: (info) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-100">{info.getValue()}</div>
        <div className="text-xs whitespace-nowrap text-slate-400">{info.row.original.email}</div>
      </div>
    ),
  }),
  column.accessor('mobile', { header: 'Mobile', cell: (info) => info.getValue() ?? '—' }),
  column.accessor((c) => c.location?.city ?? null, {
    id: 'city',
    header: 'City',
    cell: (info) => info.getValue() ?? '—',
  }),
  column.accessor('installation_date', {
    header: 'Installation',
    cell: (info) => formatDay(info.getValue()),
  }),
  column.accessor('customer-status', {
    header: 'Status',
    cell: (info) => {
      const status = CUSTOMER_STATUS[info.getValue()];
      return (
        <Badge tone={status.tone} className="whitespace-nowrap">
          {status.label}
        </Badge>
      );
    },
  }),
]);

/** Start (assigned: starts an installation, then the workflow), Continue (in progress), Completed. */
function CustomerAction({ customer }: { customer: ElectricianCustomer }) {
  const start = useStartInstallation();
  const navigate = useNavigate();
  const status = customer['customer-status'];
  const { t } = useElectricianT();
  if (status === 'completed') {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-emerald-300">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        {t('customerAction.completed')}
      </span>
    );
  }
  if (status === 'in_progress') {
    return (
      <ButtonLink size="sm" variant="outline" to={ELECTRICIAN_PATHS.workflow}>
        {t('customerAction.in_progress')}
        <span className="sr-only"> {t('customers.with', { name: customer.name })}</span>
      </ButtonLink>
    );
  }
  return (
    <Button
      size="sm"
      loading={start.isPending}
      icon={<PlayCircle aria-hidden="true" className="h-4 w-4" />}
      onClick={() =>
        start.mutate(
          { customerId: customer._id, date: customer.installation_date },
          { onSuccess: () => void navigate(ELECTRICIAN_PATHS.workflow) },
        )
      }
    >
      {t('customerAction.assigned')}
      <span className="sr-only"> {t('customers.installationFor', { name: customer.name })}</span>
    </Button>
  );
}

/** The customers of a page as the kit's table (cards on a phone), sorted on the server by its headers. */
function CustomersTable({
  customers,
  dimmed,
  sort,
}: {
  customers: ElectricianCustomer[];
  dimmed: boolean;
  sort: TableSort;
}) {
  const table = useTable({ features, columns, data: customers, getRowId: (c) => c._id });
  const { t } = useElectricianT();
  return (
    <DataTable
      table={table}
      label={t('customers.assignedCustomers')}
      minWidth="min-w-[52rem]"
      rowHeader="name"
      dimmed={dimmed}
      sort={sort}
      renderRowActions={(customer) => <CustomerAction customer={customer} />}
    />
  );
}

/**
 * /electrician/users 'Assigned Customers': figures, today's installations, and the customers — sorted (by
 * installation date by default) and paged on the server, in the URL — each with its action.
 */
export function CustomersPage() {
  const view = useListView(customerListView);
  const list = useElectricianCustomers(view.state, ELECTRICIAN_PAGE_SIZE);
  const customers = list.data?.users ?? [];
  const total = list.data?.total;
  const today = todaysCustomers(customers, new Date());
  const { t } = useElectricianT();
  const count = (label: string, status: ElectricianCustomer['customer-status']) => ({
    label: pageLabel(label, customers.length, total),
    value: customers.filter((c) => c['customer-status'] === status).length,
  });

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">{t('customers.title')}</h2>
        <p className="text-sm text-slate-400">{t('customers.intro')}</p>
      </div>
      <Figures
        loading={list.isPending}
        figures={[
          { label: t('customers.customers2'), value: total ?? 0, icon: Users },
          {
            label: pageLabel(t('customers.today'), customers.length, total),
            value: today.length,
            icon: CalendarCheck,
            accent: 'amber',
          },
          { ...count(t('customerStatus.in_progress'), 'in_progress'), icon: Wrench, accent: 'violet' },
          { ...count(t('customerStatus.completed'), 'completed'), icon: CheckCircle2, accent: 'emerald' },
        ]}
      />
      <ListBody
        query={list}
        items={(data) => data.users}
        noun={t('customers.customers')}
        errorTitle={t('msg.loadCustomers')}
        empty={{
          icon: Users,
          title: t('customers.noCustomersYet'),
          text: t('customers.anAdminAssignsCustomersTo'),
        }}
        list={view}
      >
        {(shown, dimmed) => (
          <>
            <section
              aria-labelledby="today-heading"
              className="rounded-xl border border-amber-500/30 bg-amber-500/5 p-4"
            >
              <h3 id="today-heading" className="font-semibold text-amber-200">
                {t('customers.todays')}
              </h3>
              {today.length === 0 ? (
                <p className="mt-1 text-sm text-slate-400">{t('customers.noneToday')}</p>
              ) : (
                <ul className="mt-2 space-y-2">
                  {today.map((c) => (
                    <li key={c._id} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="text-slate-100">
                        {c.name} <span className="text-sm text-slate-400">· {c.mobile ?? c.email}</span>
                      </span>
                      <CustomerAction customer={c} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <CustomersTable customers={shown} dimmed={dimmed} sort={view.tableSort()} />
          </>
        )}
      </ListBody>
    </div>
  );
}
