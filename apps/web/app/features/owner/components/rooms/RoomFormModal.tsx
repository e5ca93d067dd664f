import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_OWNER_ROOM_TYPE,
  OWNER_ROOM_TYPES,
  type OwnerRoomType,
  type Room,
  roomInputSchema,
} from '@isaac/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { useCreateRoom } from '../../api/create-room';
import { useUpdateRoom } from '../../api/update-room';
import { serverFieldErrors } from '~/lib/form-errors';
import { roomTypeLabel } from '../../model/labels';

type RoomValues = z.input<typeof roomInputSchema>;
const FIELDS = ['name', 'type'] as const;
const TYPE_OPTIONS = OWNER_ROOM_TYPES.map((type) => ({ value: type, label: roomTypeLabel(type) }));
const FORM_ID = 'room-form';

function ownerType(type: Room['type'] | undefined): OwnerRoomType {
  return OWNER_ROOM_TYPES.find((t) => t === type) ?? (type ? 'other' : DEFAULT_OWNER_ROOM_TYPE);
}

/**
 * Add Room (name required, type one of the eight owner types, default Bedroom) or, given a room, Edit
 * (rename / retype) with the same form.
 */
export function RoomFormModal({ room, onClose }: { room?: Room; onClose: () => void }) {
  const create = useCreateRoom();
  const update = useUpdateRoom();
  const saving = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RoomValues, unknown, z.output<typeof roomInputSchema>>({
    resolver: zodResolver(roomInputSchema),
    defaultValues: { name: room?.name ?? '', type: ownerType(room?.type) },
  });

  const onError = (err: unknown) => {
    serverFieldErrors(err, FIELDS, 'name').forEach(([field, message], i) =>
      setError(field, { message }, { shouldFocus: i === 0 }),
    );
  };
  const onSubmit = handleSubmit((values) => {
    if (room) update.mutate({ id: room._id, body: values }, { onSuccess: onClose, onError });
    else create.mutate(values, { onSuccess: onClose, onError });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={room ? 'Edit Room' : 'Add Room'}
      description={room ? `Rename or change the type of “${room.name}”.` : 'Group your devices by room.'}
      busy={saving}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving}>
            {room ? (saving ? 'Saving…' : 'Save Changes') : saving ? 'Creating…' : 'Create Room'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField
          label="Room name"
          required
          autoComplete="off"
          placeholder="e.g. Master Bedroom"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label="Room type"
          required
          options={TYPE_OPTIONS}
          error={errors.type?.message}
          {...register('type')}
        />
      </form>
    </Modal>
  );
}
