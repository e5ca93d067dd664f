import { businessDate, MSG } from '@isaac/contract';
import { type FormEvent, useState } from 'react';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { useAssignCustomers } from '../../api/assign-customers';
import { PICKER_PAGE_SIZE } from '../../api/assignments-keys';
import { useCustomers } from '../../api/list-customers';
import { useElectricians } from '../../api/list-electricians';
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
  const debounced = useDebouncedValue(search.trim(), 250);
  const [error, setError] = useState<string | null>(null);
  const electricians = useElectricians('', 1, PICKER_PAGE_SIZE);
  const customers = useCustomers(debounced, null);
  const assign = useAssignCustomers();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!electrician || chosen.length === 0 || !date) {
      setError(MSG.selectElectricianCustomersAndDate);
      return;
    }
    if (date < today) {
      setError(MSG.installationDateInPast);
      return;
    }
    setError(null);
    assign.mutate(
      { electricianId: electrician, customerIds: chosen, installationDate: date },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Assign Customers"
      description="Give customers to an electrician, with the date of their installation."
      busy={assign.isPending}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="assign-customers-form" loading={assign.isPending}>
            Assign Customers
          </Button>
        </>
      }
    >
      <form id="assign-customers-form" noValidate onSubmit={submit} className="space-y-4">
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
          >
            {error}
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Electrician"
            required
            value={electrician}
            onChange={(event) => setElectrician(event.target.value)}
            placeholder={electricians.isPending ? 'Loading electricians…' : 'Select an electrician'}
            options={(electricians.data?.electricians ?? []).map((e) => ({ value: e._id, label: e.name }))}
          />
          <TextField
            label="Installation date"
            type="date"
            required
            min={today}
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
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
          error={customers.isError ? MSG.loadCustomers : null}
          onRetry={() => void customers.refetch()}
          items={(customers.data?.customers ?? []).map((c) => ({
            id: c._id,
            label: c.name,
            detail: `${c.email}${c.assignment ? ` · with ${c.assignment.electrician.name}` : ''}`,
          }))}
          chosen={chosen}
          onChange={setChosen}
          empty={MSG.noCustomers}
        />
      </form>
    </Modal>
  );
}
