import { businessDate, ADMIN_MSG } from '@isaac/contract';
import { type FormEvent, useState } from 'react';
import { DateField, TextField } from '~/components/ui';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '~/lib/use-url-search-box';
import { useAssignCustomers } from '../../api/assign-customers';
import { useCustomers } from '../../api/list-customers';
import { AssignDialog, ElectricianSelect } from '../AssignDialog';
import { CheckList } from '../CheckList';

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
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [error, setError] = useState<string | null>(null);
  const customers = useCustomers(debounced, null);
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
      <TextField
        label="Find customers"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Name or e-mail"
      />
      <CheckList
        legend="Customers"
        loading={customers.isPending}
        error={customers.isError ? ADMIN_MSG.loadCustomers : null}
        onRetry={() => void customers.refetch()}
        items={(customers.data?.customers ?? []).map((c) => ({
          id: c._id,
          label: c.name,
          detail: `${c.email}${c.assignment ? ` · with ${c.assignment.electrician.name}` : ''}`,
        }))}
        chosen={chosen}
        onChange={setChosen}
        empty={ADMIN_MSG.noCustomers}
      />
    </AssignDialog>
  );
}
