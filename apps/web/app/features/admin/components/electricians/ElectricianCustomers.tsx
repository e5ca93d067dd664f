import { type ElectricianSummary, ADMIN_MSG } from '@isaac/contract';
import { Button, Spinner } from '~/components/ui';
import { formatCalendarDate } from '~/lib/format';
import { useCustomers } from '../../api/list-customers';
import { useUnassignCustomer } from '../../api/unassign-customer';

const STATUS_LABELS = { assigned: 'Assigned', in_progress: 'In progress', completed: 'Completed' } as const;

/** The customers assigned to one electrician, each with its date, status and Unassign. */
export function ElectricianCustomers({ electrician }: { electrician: ElectricianSummary }) {
  const customers = useCustomers('', electrician._id);
  const unassign = useUnassignCustomer();
  if (customers.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-400">
        <Spinner /> Loading customers…
      </p>
    );
  }
  if (customers.isError) {
    return (
      <div role="alert" className="flex items-center gap-3 text-sm text-red-300">
        {ADMIN_MSG.loadCustomers}
        <Button size="sm" variant="outline" onClick={() => void customers.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  if (customers.data.customers.length === 0) {
    return <p className="text-sm text-slate-400">{ADMIN_MSG.noCustomers}</p>;
  }
  return (
    <ul aria-label={`Customers of ${electrician.name}`} className="divide-y divide-slate-700/70">
      {customers.data.customers.map((customer) => (
        <li key={customer._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span className="min-w-0">
            <span className="block text-slate-100">{customer.name}</span>
            <span className="block text-xs break-all text-slate-400">
              {customer.email}
              {customer.assignment
                ? ` · ${customer.assignment.installation_date ? formatCalendarDate(customer.assignment.installation_date) : 'no date'} · ${STATUS_LABELS[customer.assignment.status]}`
                : ''}
            </span>
          </span>
          <Button
            size="sm"
            variant="outline"
            disabled={unassign.isPending}
            aria-label={`Unassign ${customer.name} from ${electrician.name}`}
            onClick={() => unassign.mutate({ electricianId: electrician._id, customerId: customer._id })}
          >
            Unassign
          </Button>
        </li>
      ))}
    </ul>
  );
}
