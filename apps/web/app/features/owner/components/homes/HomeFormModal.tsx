import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_TIME_ZONE, newHomeBodySchema, type HomeSummary } from '@isaac/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, Modal, SelectField, TextField } from '~/components/ui';
import { serverFieldErrors } from '~/lib/form-errors';
import { timeZoneOptions } from '~/lib/time-zones';
import { useCreateHome } from '../../api/create-home';
import { useUpdateHome } from '../../api/update-home';

type HomeValues = z.input<typeof newHomeBodySchema>;
const FIELDS = ['name', 'time_zone'] as const;
const FORM_ID = 'home-form';

/**
 * Create a home (name, time zone; it becomes the current home) or, given one of the homes I own, rename it and
 * change its time zone — the clock its automations run on. Validated with the contract's schema here and again
 * by the server.
 */
export function HomeFormModal({ home, onClose }: { home?: HomeSummary; onClose: () => void }) {
  const create = useCreateHome();
  const update = useUpdateHome();
  const saving = create.isPending || update.isPending;
  const zones = useMemo(() => timeZoneOptions(home?.time_zone), [home?.time_zone]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<HomeValues, unknown, z.output<typeof newHomeBodySchema>>({
    resolver: zodResolver(newHomeBodySchema),
    defaultValues: { name: home?.name ?? '', time_zone: home?.time_zone ?? DEFAULT_TIME_ZONE },
  });

  const onError = (err: unknown) => {
    serverFieldErrors(err, FIELDS, 'name').forEach(([field, message], i) =>
      setError(field, { message }, { shouldFocus: i === 0 }),
    );
  };
  const onSubmit = handleSubmit((values) => {
    if (home) update.mutate({ id: home._id, body: values }, { onSuccess: onClose, onError });
    else create.mutate(values, { onSuccess: onClose, onError });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={home ? 'Edit home' : 'Create a home'}
      description={
        home
          ? `Rename “${home.name}” or change its time zone.`
          : 'A place of its own: its rooms, devices, automations and people. It becomes your current home.'
      }
      busy={saving}
      closeOnBackdrop={false}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={FORM_ID} loading={saving}>
            {home ? (saving ? 'Saving…' : 'Save changes') : saving ? 'Creating…' : 'Create home'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
        <TextField
          label="Home name"
          required
          autoComplete="off"
          placeholder="e.g. Parents' flat"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          label="Time zone"
          required
          options={zones}
          error={errors.time_zone?.message}
          hint="Automations run on this clock: a schedule at 07:00 runs at 07:00 here."
          {...register('time_zone')}
        />
      </form>
    </Modal>
  );
}
