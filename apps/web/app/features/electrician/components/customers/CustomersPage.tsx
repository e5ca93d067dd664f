import { ELECTRICIAN_MSG, type ElectricianCustomer } from '@isaac/contract';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { CalendarCheck, CheckCircle2, PlayCircle, Users, Wrench } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Badge, Button, ButtonLink, EmptyState } from '~/components/ui';
import { DataTable } from '~/components/ui/DataTable';
import { ELECTRICIAN_PATHS } from '~/lib/paths';
import { useElectricianCustomers } from '../../api/list-customers';
import { useStartInstallation } from '../../api/installation-changes';
import { CUSTOMER_STATUS, formatDay, todaysCustomers } from '../../model/installation';
import { Figures, ListStates } from '../ListScreen';

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
  if (status === 'completed') {
    return (
      <span className="inline-flex items-center gap-1 text-sm text-emerald-300">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        Completed
      </span>
    );
  }
  if (status === 'in_progress') {
    return (
      <ButtonLink size="sm" variant="outline" to={ELECTRICIAN_PATHS.workflow}>
        Continue<span className="sr-only"> with {customer.name}</span>
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
      Start<span className="sr-only"> installation for {customer.name}</span>
    </Button>
  );
}

/** /electrician/users 'Assigned Customers': figures, today's installations, and every customer with its action. */
export function CustomersPage() {
  const list = useElectricianCustomers();
  const customers = list.data?.users ?? [];
  const table = useTable({ features, columns, data: customers, getRowId: (c) => c._id });
  const today = todaysCustomers(customers, new Date());
  const count = (status: ElectricianCustomer['customer-status']) =>
    customers.filter((c) => c['customer-status'] === status).length;

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-white">Assigned Customers</h2>
        <p className="text-sm text-slate-400">The homes an admin assigned to you.</p>
      </div>
      <Figures
        loading={list.isPending}
        figures={[
          { label: 'Customers', value: list.data?.total ?? 0, icon: Users },
          { label: 'Today', value: today.length, icon: CalendarCheck, accent: 'amber' },
          { label: 'In progress', value: count('in_progress'), icon: Wrench, accent: 'violet' },
          { label: 'Completed', value: count('completed'), icon: CheckCircle2, accent: 'emerald' },
        ]}
      />
      <ListStates
        query={list}
        loadingLabel="Loading customers…"
        errorTitle={ELECTRICIAN_MSG.loadCustomers}
        empty={(data) =>
          data.users.length === 0 ? (
            <EmptyState
              icon={Users}
              title="No customers yet"
              description="An admin assigns customers to you."
            />
          ) : null
        }
      >
        {() => (
          <>
            <section
              aria-labelledby="today-heading"
              className="rounded-xl border border-amber-500/30 bg-amber-500/5 p-4"
            >
              <h3 id="today-heading" className="font-semibold text-amber-200">
                Today's Installations
              </h3>
              {today.length === 0 ? (
                <p className="mt-1 text-sm text-slate-400">No installation is planned for today.</p>
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
            <DataTable
              table={table}
              label="Assigned customers"
              minWidth="min-w-[52rem]"
              rowHeader="name"
              renderRowActions={(customer) => <CustomerAction customer={customer} />}
            />
          </>
        )}
      </ListStates>
    </div>
  );
}
