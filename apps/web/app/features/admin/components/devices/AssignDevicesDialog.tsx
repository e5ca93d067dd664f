import { MSG, type AdminDevice, ADMIN_MSG } from '@isaac/contract';
import { type FormEvent, useState } from 'react';
import { TextField } from '~/components/ui';
import { useDebouncedValue } from '~/lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from '~/lib/use-url-search-box';
import { useAssignDevices } from '../../api/assign-devices';
import { PICKER_PAGE_SIZE } from '../../api/assignments-keys';
import { useAdminDeviceList } from '../../api/list-admin-devices';
import { NO_ADMIN_DEVICE_FILTERS } from '../../model/admin-device-filters';
import { AssignDialog, ElectricianSelect } from '../AssignDialog';
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
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [error, setError] = useState<string | null>(null);
  const picker = useAdminDeviceList({ ...NO_ADMIN_DEVICE_FILTERS, search: debounced }, PICKER_PAGE_SIZE);
  const assign = useAssignDevices();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!electrician || chosen.length === 0) {
      setError(ADMIN_MSG.selectElectricianAndDevices);
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
    <AssignDialog
      title="Assign Devices"
      description="Give devices to an electrician to install and configure."
      formId="assign-devices-form"
      busy={assign.isPending}
      onClose={onClose}
      onSubmit={submit}
      error={error}
    >
      <ElectricianSelect value={electrician} onChange={setElectrician} />
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
    </AssignDialog>
  );
}
