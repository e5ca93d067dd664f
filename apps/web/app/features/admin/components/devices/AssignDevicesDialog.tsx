import { MSG, type AdminDevice } from '@isaac/contract';
import { type FormEvent, useState } from 'react';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { useAssignDevices } from '../../api/assign-devices';
import { PICKER_PAGE_SIZE } from '../../api/assignments-keys';
import { useAdminDeviceList } from '../../api/list-admin-devices';
import { useElectricians } from '../../api/list-electricians';
import { NO_ADMIN_DEVICE_FILTERS } from '../../model/admin-device-filters';
import { CheckList } from '../CheckList';

interface AssignDevicesDialogProps {
  onClose: () => void;
  /** Devices already chosen (the Devices table's selection); without them the dialog offers a picker. */
  devices?: AdminDevice[];
  electricianId?: string;
  onAssigned?: () => void;
}

/** Assign Devices: an electrician and at least one device ('Please select electrician and devices'). */
export function AssignDevicesDialog({
  onClose,
  devices,
  electricianId,
  onAssigned,
}: AssignDevicesDialogProps) {
  const [electrician, setElectrician] = useState(electricianId ?? '');
  const [chosen, setChosen] = useState<string[]>(() => devices?.map((d) => d._id) ?? []);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 250);
  const [error, setError] = useState<string | null>(null);
  const electricians = useElectricians('', 1, PICKER_PAGE_SIZE);
  const picker = useAdminDeviceList({ ...NO_ADMIN_DEVICE_FILTERS, search: debounced }, PICKER_PAGE_SIZE);
  const assign = useAssignDevices();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!electrician || chosen.length === 0) {
      setError(MSG.selectElectricianAndDevices);
      return;
    }
    setError(null);
    assign.mutate(
      { electricianId: electrician, deviceIds: chosen },
      {
        onSuccess: () => {
          onAssigned?.();
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Assign Devices"
      description="Give devices to an electrician to install and configure."
      busy={assign.isPending}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="assign-devices-form" loading={assign.isPending}>
            Assign Devices
          </Button>
        </>
      }
    >
      <form id="assign-devices-form" noValidate onSubmit={submit} className="space-y-4">
        {error ? (
          <p
            role="alert"
            className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
          >
            {error}
          </p>
        ) : null}
        <SelectField
          label="Electrician"
          required
          value={electrician}
          onChange={(event) => setElectrician(event.target.value)}
          placeholder={electricians.isPending ? 'Loading electricians…' : 'Select an electrician'}
          options={(electricians.data?.electricians ?? []).map((e) => ({ value: e._id, label: e.name }))}
        />
        {devices ? (
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-200">
              {devices.length} selected {devices.length === 1 ? 'device' : 'devices'}
            </p>
            <ul className="max-h-48 space-y-1 overflow-y-auto text-sm text-slate-300">
              {devices.map((d) => (
                <li key={d._id}>
                  {d.name} <span className="font-mono text-xs text-slate-400">{d.serial_number}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <>
            <TextField
              label="Find devices"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Name, serial number or owner"
            />
            <CheckList
              legend="Devices"
              loading={picker.isPending}
              error={picker.isError ? MSG.loadDevices : null}
              onRetry={() => void picker.refetch()}
              items={(picker.data?.devices ?? []).map((d) => ({
                id: d._id,
                label: d.name,
                detail: `${d.serial_number}${d.electrician ? ` · with ${d.electrician.name}` : ''}`,
              }))}
              chosen={chosen}
              onChange={setChosen}
              empty={MSG.noDevices}
            />
          </>
        )}
      </form>
    </Modal>
  );
}
