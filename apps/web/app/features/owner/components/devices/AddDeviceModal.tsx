import { zodResolver } from '@hookform/resolvers/zod';
import { DEVICE_TYPES, createDeviceSchema } from '@isaac/contract';
import { Plus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { useCreateDevice } from '../../api/create-device';
import { serverFieldErrors } from '~/lib/form-errors';
import { DEVICE_TYPE_LABELS } from '../../model/labels';
import { useOwnerT } from '~/lib/i18n/owner-texts';

type AddDeviceValues = z.input<typeof createDeviceSchema>;
const FIELDS = ['name', 'model', 'serial_number', 'type'] as const;
const TYPE_OPTIONS = DEVICE_TYPES.map((type) => ({ value: type, label: DEVICE_TYPE_LABELS[type] }));
const FORM_ID = 'add-device-form';

/** Add Device (spec section 5): name, model and serial number required; type defaults to Isaac. */
export function AddDeviceModal({ onClose }: { onClose: () => void }) {
  const create = useCreateDevice();
  const { t } = useOwnerT();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<AddDeviceValues, unknown, z.output<typeof createDeviceSchema>>({
    resolver: zodResolver(createDeviceSchema),
    defaultValues: { name: '', model: '', serial_number: '', type: 'isaac' },
  });
  const type = useWatch({ control, name: 'type' });

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: onClose,
      onError: (err) => {
        const fieldErrors = serverFieldErrors(err, FIELDS, 'serial_number');
        fieldErrors.forEach(([field, message], i) => setError(field, { message }, { shouldFocus: i === 0 }));
      },
    });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={t('addDevice.title')}
      description={t('addDevice.description')}
      busy={create.isPending}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={create.isPending}>
            {t('common:ui.cancel')}
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            loading={create.isPending}
            icon={<Plus aria-hidden="true" className="h-4 w-4" />}
          >
            {create.isPending ? t('addDevice.adding') : t('addDevice.title')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField
          label={t('addDevice.name')}
          required
          autoComplete="off"
          placeholder={t('addDevice.namePlaceholder')}
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label={t('addDevice.type')}
          required
          options={TYPE_OPTIONS}
          error={errors.type?.message}
          {...register('type')}
        />
        <TextField
          label={t('addDevice.model')}
          required
          autoComplete="off"
          placeholder={
            type === 'lumos'
              ? t('addDevice.modelLumos')
              : type === 'skywalker'
                ? t('addDevice.modelSkywalker')
                : t('addDevice.modelIsaac')
          }
          hint={type === 'lumos' ? t('addDevice.modelLumosHint') : undefined}
          error={errors.model?.message}
          {...register('model')}
        />
        <TextField
          label={t('addDevice.serial')}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder={t('addDevice.serialPlaceholder')}
          error={errors.serial_number?.message}
          {...register('serial_number')}
        />
      </form>
    </Modal>
  );
}
