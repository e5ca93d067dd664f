import { CUSTOMER_ROOM_TYPES, ELECTRICIAN_MSG, MSG, type Device, type Room } from '@isaac/contract';
import { useState, type FormEvent } from 'react';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { useAssignCustomerRoom, useCreateCustomerRoom } from '../../api/customer-home-changes';

const ROOM_TYPE_LABELS: Record<(typeof CUSTOMER_ROOM_TYPES)[number], string> = {
  general: 'General',
  bedroom: 'Bedroom',
  living_room: 'Living room',
  kitchen: 'Kitchen',
  bathroom: 'Bathroom',
};

/** Create New Room: name not blank ('Room name is required'), type default General. */
export function CreateRoomDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const create = useCreateCustomerRoom();
  const [name, setName] = useState('');
  const [type, setType] = useState<(typeof CUSTOMER_ROOM_TYPES)[number]>('general');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(ELECTRICIAN_MSG.roomNameRequired);
      return;
    }
    create.mutate({ customerId, body: { name: name.trim(), type } }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      onClose={onClose}
      busy={create.isPending}
      title="Create New Room"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="customer-room-form" loading={create.isPending}>
            Create Room
          </Button>
        </>
      }
    >
      <form id="customer-room-form" className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label="Room name"
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        <SelectField
          label="Type"
          options={CUSTOMER_ROOM_TYPES.map((t) => ({ value: t, label: ROOM_TYPE_LABELS[t] }))}
          value={type}
          onChange={(e) => setType(CUSTOMER_ROOM_TYPES.find((t) => t === e.target.value) ?? 'general')}
        />
      </form>
    </Modal>
  );
}

/** Assign device to room: disabled until a room is chosen ('Please select a room'). */
export function AssignRoomDialog({
  customerId,
  device,
  rooms,
  onClose,
}: {
  customerId: string;
  device: Device;
  rooms: Room[];
  onClose: () => void;
}) {
  const assign = useAssignCustomerRoom();
  const [roomId, setRoomId] = useState('');
  return (
    <Modal
      open
      onClose={onClose}
      busy={assign.isPending}
      title={`Assign ${device.name} to a room`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={assign.isPending}>
            Cancel
          </Button>
          <Button
            disabled={!roomId}
            loading={assign.isPending}
            onClick={() =>
              assign.mutate({ customerId, deviceId: device._id, roomId }, { onSuccess: onClose })
            }
          >
            Assign
          </Button>
        </>
      }
    >
      {rooms.length === 0 ? (
        <p className="text-sm text-slate-300">Create a room first.</p>
      ) : (
        <SelectField
          label="Room"
          placeholder={MSG.selectRoom}
          options={rooms.map((r) => ({ value: r._id, label: r.name }))}
          value={roomId}
          hint={roomId ? undefined : MSG.selectRoom}
          onChange={(e) => setRoomId(e.target.value)}
        />
      )}
    </Modal>
  );
}
