import { MSG, type AdminDevice, ADMIN_MSG } from '@isaac/contract';
import { type FormEvent, useState } from 'react';
import { useAssignDevices } from '../../api/assign-devices';
import { PICKER_PAGE_SIZE } from '../../api/assignments-keys';
import { useAdminDeviceList } from '../../api/list-admin-devices';
import { adminDeviceListView } from '../../model/admin-device-filters';
import { AssignDialog, ElectricianSelect } from '../AssignDialog';
import { PickList, usePickSearch } from '../PickList';

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
  const search = usePickSearch();
  const [error, setError] = useState<string | null>(null);
  const picker = useAdminDeviceList({ ...adminDeviceListView.none, search: search.search }, PICKER_PAGE_SIZE);
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
        <PickList
          searchLabel="Find devices"
          placeholder="Name, serial number or owner"
          search={search}
          legend="Devices"
          query={picker}
          items={(data) =>
            data.devices.map((d) => ({
              id: d._id,
              label: d.name,
              detail: `${d.serial_number}${d.electrician ? ` · with ${d.electrician.name}` : ''}`,
            }))
          }
          errorText={MSG.loadDevices}
          empty={MSG.noDevices}
          chosen={chosen}
          onChange={setChosen}
        />
      )}
    </AssignDialog>
  );
}
