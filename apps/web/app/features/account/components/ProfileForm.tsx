import { zodResolver } from '@hookform/resolvers/zod';
import { type User, profileUpdateSchema } from '@isaac/contract';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button, TextField } from '~/components/ui';
import { useUpdateProfile } from '../api/update-profile';
import { serverFieldErrors } from '~/lib/form-errors';
import { useAccountT } from '~/lib/i18n/account-texts';

type ProfileValues = z.input<typeof profileUpdateSchema>;
const FIELDS = ['name', 'mobile'] as const;

/** Name and mobile are editable; the e-mail is the sign-in name and is shown read-only. */
export function ProfileForm({ user }: { user: User }) {
  const save = useUpdateProfile();
  const { t } = useAccountT();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileValues, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: user.name, mobile: user.mobile ?? '' },
  });

  const onSubmit = handleSubmit((values) => {
    save.mutate(values, {
      onSuccess: ({ user: saved }) => reset({ name: saved.name, mobile: saved.mobile ?? '' }),
      onError: (err) =>
        serverFieldErrors(err, FIELDS).forEach(([field, message], i) =>
          setError(field, { message }, { shouldFocus: i === 0 }),
        ),
    });
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('profile.name')}
          required
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('profile.mobile')}
          type="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          error={errors.mobile?.message}
          {...register('mobile')}
        />
      </div>
      <TextField
        label={t('profile.email')}
        type="email"
        value={user.email}
        readOnly
        hint={t('profile.emailHint')}
        inputClassName="cursor-not-allowed text-slate-400"
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          loading={save.isPending}
          disabled={!isDirty}
          icon={<Save aria-hidden="true" className="h-4 w-4" />}
        >
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
