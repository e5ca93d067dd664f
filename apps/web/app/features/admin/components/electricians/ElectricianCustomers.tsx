import { type ElectricianSummary, ADMIN_MSG } from '@isaac/contract';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { ListBody } from '~/components/list';
import { Button } from '~/components/ui';
import { formatCalendarDate } from '~/lib/format';
import { useCustomers } from '../../api/list-customers';
import { useUnassignCustomer } from '../../api/unassign-customer';

const STATUS_LABELS = { assigned: 'Assigned', in_progress: 'In progress', completed: 'Completed' } as const;

/** Customers of one electrician per page of the expanded row. */
const PAGE_SIZE = 10;

/** The customers assigned to one electrician, by name, a page at a time, each with its date, status and Unassign. */
export function ElectricianCustomers({ electrician }: { electrician: ElectricianSummary }) {
  const [page, setPage] = useState(1);
  const customers = useCustomers({ electricianId: electrician._id, page, pageSize: PAGE_SIZE });
  const unassign = useUnassignCustomer();
  return (
    <ListBody
      query={customers}
      items={(data) => data.customers}
      noun="customers"
      errorTitle={ADMIN_MSG.loadCustomers}
      empty={{ icon: Users, title: ADMIN_MSG.noCustomers, text: 'Assign customers to this electrician.' }}
      page={page}
      onPage={setPage}
    >
      {(assigned) => (
        <ul aria-label={`Customers of ${electrician.name}`} className="divide-y divide-slate-700/70">
          {assigned.map((customer) => (
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
      )}
    </ListBody>
  );
}
