import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, passwordChangeSchema } from '@isaac/contract';
import { CheckCircle2, Eye, EyeOff, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, TextField } from '~/components/ui';
import { useChangePassword } from '../api/change-password';
import { ApiError, errorMessage } from '~/lib/api-client';
import { serverFieldErrors } from '~/lib/form-errors';
import { useAccountT } from '~/lib/i18n/account-texts';
import account from '~/lib/i18n/en/account';
import { useLocaliseMessage } from '~/lib/i18n/messages';

/** The change-password form: the API's rules plus a confirmation that must match. */
export const passwordFormSchema = passwordChangeSchema
  .extend({ confirm_password: z.string().min(1, account.password.confirmRequired) })
  .refine((values) => values.new_password === values.confirm_password, {
    path: ['confirm_password'],
    message: MSG.passwordsDoNotMatch,
  });
type PasswordValues = z.input<typeof passwordFormSchema>;
const FIELDS = ['current_password', 'new_password'] as const;

/** Change password (current, new, confirm; min 6). On success every other session is signed out. */
export function PasswordForm({ email }: { email: string }) {
  const change = useChangePassword();
  const { t } = useAccountT();
  const localise = useLocaliseMessage();
  const [show, setShow] = useState(false);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(({ current_password, new_password }) => {
    setDone(false);
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          reset();
          setDone(true);
        },
        onError: (err) => {
          const fieldErrors = serverFieldErrors(err, FIELDS);
          // A wrong current password comes back without field details: put the server's words on it.
          if (fieldErrors.length === 0 && err instanceof ApiError && [400, 401, 403].includes(err.status)) {
            setError(
              'current_password',
              { message: errorMessage(err, MSG.passwordChangeFailed) },
              { shouldFocus: true },
            );
          }
          fieldErrors.forEach(([field, message], i) =>
            setError(field, { message }, { shouldFocus: i === 0 }),
          );
        },
      },
    );
  });

  const toggle = (
    <button
      type="button"
      onClick={() => setShow((s) => !s)}
      aria-label={show ? t('password.hide') : t('password.show')}
      aria-pressed={show}
      className="rounded-md p-1.5 text-slate-400 hover:bg-slate-700 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
    >
      {show ? (
        <EyeOff aria-hidden="true" className="h-4 w-4" />
      ) : (
        <Eye aria-hidden="true" className="h-4 w-4" />
      )}
    </button>
  );
  const type = show ? 'text' : 'password';

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      {/* Lets password managers pair the new password with the account. */}
      <input type="text" name="username" autoComplete="username" value={email} hidden readOnly />
      <TextField
        label={t('password.current')}
        type={type}
        required
        autoComplete="current-password"
        error={errors.current_password?.message}
        trailing={toggle}
        {...register('current_password')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('password.new')}
          type={type}
          required
          autoComplete="new-password"
          hint={t('password.newHint')}
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <TextField
          label={t('password.confirm')}
          type={type}
          required
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
      </div>
      {done ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-3 text-sm text-emerald-200"
        >
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            {localise(MSG.passwordChanged)}. {localise(MSG.otherSessionsEnded)} {t('password.useNew')}
          </span>
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button
          type="submit"
          loading={change.isPending}
          icon={<KeyRound aria-hidden="true" className="h-4 w-4" />}
        >
          {change.isPending ? t('password.changing') : t('password.change')}
        </Button>
      </div>
    </form>
  );
}
