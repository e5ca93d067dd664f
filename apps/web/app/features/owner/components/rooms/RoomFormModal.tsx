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
import { useOwnerT } from '~/lib/i18n/owner-texts';

type RoomValues = z.input<typeof roomInputSchema>;
const FIELDS = ['name', 'type'] as const;
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
  const { t } = useOwnerT();
  const typeOptions = OWNER_ROOM_TYPES.map((type) => ({ value: type, label: t(`common:roomTypes.${type}`) }));
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
      title={room ? t('roomForm.edit') : t('roomForm.add')}
      description={room ? t('roomForm.editText', { name: room.name }) : t('roomForm.addText')}
      busy={saving}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={saving}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving}>
            {room
              ? saving
                ? t('roomForm.saving')
                : t('roomForm.save')
              : saving
                ? t('roomForm.creating')
                : t('roomForm.create')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField
          label={t('roomForm.name')}
          required
          autoComplete="off"
          placeholder={t('roomForm.namePlaceholder')}
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label={t('roomForm.type')}
          required
          options={typeOptions}
          error={errors.type?.message}
          {...register('type')}
        />
      </form>
    </Modal>
  );
}
