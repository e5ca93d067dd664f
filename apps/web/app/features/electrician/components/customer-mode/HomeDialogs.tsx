import { CUSTOMER_ROOM_TYPES, type Device, type Room } from '@isaac/contract';
import { useState, type FormEvent } from 'react';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { useAssignCustomerRoom, useCreateCustomerRoom } from '../../api/customer-home-changes';
import { useElectricianT } from '~/lib/i18n/electrician-texts';

/** Create New Room: name not blank ('Room name is required'), type default General. */
export function CreateRoomDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const create = useCreateCustomerRoom();
  const { t } = useElectricianT();
  const [name, setName] = useState('');
  const [type, setType] = useState<(typeof CUSTOMER_ROOM_TYPES)[number]>('general');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('msg.roomNameRequired'));
      return;
    }
    create.mutate({ customerId, body: { name: name.trim(), type } }, { onSuccess: onClose });
  };
  return (
    <Modal
      open
      onClose={onClose}
      busy={create.isPending}
      title={t('homeDialogs.createNewRoom')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
            {t('common:ui.cancel')}
          </Button>
          <Button type="submit" form="customer-room-form" loading={create.isPending}>
            {t('homeDialogs.createRoom')}
          </Button>
        </>
      }
    >
      <form id="customer-room-form" className="space-y-4" onSubmit={submit} noValidate>
        <TextField
          label={t('homeDialogs.roomName')}
          value={name}
          error={error}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        <SelectField
          label={t('homeDialogs.type')}
          options={CUSTOMER_ROOM_TYPES.map((value) => ({
            value,
            label: t(`homeDialogs.roomTypes.${value}`),
          }))}
          value={type}
          onChange={(e) =>
            setType(CUSTOMER_ROOM_TYPES.find((value) => value === e.target.value) ?? 'general')
          }
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
  const { t } = useElectricianT();
  return (
    <Modal
      open
      onClose={onClose}
      busy={assign.isPending}
      title={t('homeDialogs.assignTitle', { name: device.name })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={assign.isPending}>
            {t('common:ui.cancel')}
          </Button>
          <Button
            disabled={!roomId}
            loading={assign.isPending}
            onClick={() =>
              assign.mutate({ customerId, deviceId: device._id, roomId }, { onSuccess: onClose })
            }
          >
            {t('homeDialogs.assign')}
          </Button>
        </>
      }
    >
      {rooms.length === 0 ? (
        <p className="text-sm text-slate-300">{t('homeDialogs.createFirst')}</p>
      ) : (
        <SelectField
          label={t('homeDialogs.room')}
          placeholder={t('messages:msg.selectRoom')}
          options={rooms.map((r) => ({ value: r._id, label: r.name }))}
          value={roomId}
          hint={roomId ? undefined : t('messages:msg.selectRoom')}
          onChange={(e) => setRoomId(e.target.value)}
        />
      )}
    </Modal>
  );
}
