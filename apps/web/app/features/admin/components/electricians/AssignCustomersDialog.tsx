import { businessDate, ADMIN_MSG } from '@isaac/contract';
import { type FormEvent, useState } from 'react';
import { DateField } from '~/components/ui';
import { useAssignCustomers } from '../../api/assign-customers';
import { useCustomers } from '../../api/list-customers';
import { AssignDialog, ElectricianSelect } from '../AssignDialog';
import { PickList, usePickSearch } from '../PickList';

interface AssignCustomersDialogProps {
  onClose: () => void;
  electricianId?: string;
}

/**
 * Assign Customers: an electrician, at least one customer (owner) and an installation date, today or later
 * ('Please select electrician, customers, and installation date'). A customer with another electrician
 * moves; the list says whom each is with now.
 */
export function AssignCustomersDialog({ onClose, electricianId }: AssignCustomersDialogProps) {
  const today = businessDate(new Date());
  const [electrician, setElectrician] = useState(electricianId ?? '');
  const [chosen, setChosen] = useState<string[]>([]);
  const [date, setDate] = useState('');
  const search = usePickSearch();
  const [error, setError] = useState<string | null>(null);
  const customers = useCustomers({ search: search.search });
  const assign = useAssignCustomers();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!electrician || chosen.length === 0 || !date) {
      setError(ADMIN_MSG.selectElectricianCustomersAndDate);
      return;
    }
    if (date < today) {
      setError(ADMIN_MSG.installationDateInPast);
      return;
    }
    setError(null);
    assign.mutate(
      { electricianId: electrician, customerIds: chosen, installationDate: date },
      { onSuccess: onClose },
    );
  };

  return (
    <AssignDialog
      title="Assign Customers"
      description="Give customers to an electrician, with the date of their installation."
      formId="assign-customers-form"
      busy={assign.isPending}
      onClose={onClose}
      onSubmit={submit}
      error={error}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ElectricianSelect value={electrician} onChange={setElectrician} />
        <DateField label="Installation date" required value={date} onChange={setDate} />
      </div>
      <PickList
        searchLabel="Find customers"
        placeholder="Name or e-mail"
        search={search}
        legend="Customers"
        query={customers}
        items={(data) =>
          data.customers.map((c) => ({
            id: c._id,
            label: c.name,
            detail: `${c.email}${c.assignment ? ` · with ${c.assignment.electrician.name}` : ''}`,
          }))
        }
        errorText={ADMIN_MSG.loadCustomers}
        empty={ADMIN_MSG.noCustomers}
        chosen={chosen}
        onChange={setChosen}
      />
    </AssignDialog>
  );
}
