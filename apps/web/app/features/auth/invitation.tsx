import { MIN_PASSWORD_LENGTH, MSG } from '@isaac/contract';
import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import { Spinner } from '~/components/ui/Spinner';
import { ApiError } from '~/lib/api-client';
import { useAuthT } from '~/lib/i18n/auth-texts';
import { useLocaliseMessage } from '~/lib/i18n/messages';
import { Alert, AuthCard } from './AuthCard';

/**
 * What an invitation link's page shares (issue 15's buyer invitation, issue 32's home invitation): the link
 * read once by its token (loading, the invitation, or why not), the card with those states, the new-password
 * fields with the sign-in rule, and a submit that keeps the button busy and says what went wrong.
 */

/** The server's message when it sent one, else `fallback`. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

/** The password rule the server applies too (the sign-in policy). */
export function passwordProblem(password: string, confirm: string): string | null {
  if (!password) return MSG.passwordRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return MSG.passwordTooShort;
  if (password !== confirm) return 'The two passwords do not match';
  return null;
}

export type LoadedInvitation<T> =
  { status: 'loading' } | { status: 'ok'; invitation: T } | { status: 'error'; message: string };

/** Reads the invitation of a link (again when the token changes; a late answer for an old token is dropped). */
export function useInvitation<T>(
  token: string,
  load: (token: string) => Promise<T>,
  failure: string,
): LoadedInvitation<T> {
  const [read, setRead] = useState<{ token: string; loaded: LoadedInvitation<T> } | null>(null);
  useEffect(() => {
    let current = true;
    load(token)
      .then((invitation) => current && setRead({ token, loaded: { status: 'ok', invitation } }))
      .catch(
        (err: unknown) =>
          current && setRead({ token, loaded: { status: 'error', message: messageOf(err, failure) } }),
      );
    return () => {
      current = false;
    };
    // `load` and `failure` are each page's constants: the token alone decides what is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return read?.token === token ? read.loaded : { status: 'loading' };
}

/**
 * The invitation page's card: "Opening your invitation..." while the link is read, the reason (and `onError`,
 * e.g. a Sign in link) when it cannot be used, else the page's content for the invitation.
 */
export function InvitationCard<T>({
  loaded,
  onError,
  children,
}: {
  loaded: LoadedInvitation<T>;
  onError?: ReactNode;
  children: (invitation: T) => ReactNode;
}) {
  const { t } = useAuthT();
  const localise = useLocaliseMessage();
  return (
    <AuthCard>
      {loaded.status === 'loading' ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-400">
          <Spinner /> {t('invite.opening')}
        </p>
      ) : null}
      {loaded.status === 'error' ? (
        <>
          <Alert message={localise(loaded.message)} />
          {onError}
        </>
      ) : null}
      {loaded.status === 'ok' ? children(loaded.invitation) : null}
    </AuthCard>
  );
}

export const invitationInput =
  'mt-1 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-base text-white placeholder:text-slate-500 focus:border-sky-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400';

/** A labelled text input of an invitation form. */
export function InvitationField({
  id,
  label,
  hint,
  ...input
}: { id: string; label: string; hint?: string } & Omit<ComponentProps<'input'>, 'id' | 'className'>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={invitationInput}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A new password and its confirmation, with the sign-in rule under the first. */
export function NewPasswordFields({
  id,
  label,
  password,
  confirm,
  onPassword,
  onConfirm,
}: {
  id: string;
  label?: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
}) {
  const { t } = useAuthT();
  return (
    <>
      <InvitationField
        id={`${id}-password`}
        label={label ?? t('invite.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        hint={t('invite.atLeast', { count: MIN_PASSWORD_LENGTH })}
      />
      <InvitationField
        id={`${id}-confirm`}
        label={t('invite.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirm(event.target.value)}
      />
    </>
  );
}

/**
 * An invitation's action (set the password, sign up, accept): busy while it runs (a second press does
 * nothing), its failure shown with the server's message first (in the language shown); `check` refuses
 * before any request.
 */
export function useInvitationSubmit() {
  const localise = useLocaliseMessage();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (action: () => Promise<void>, failure: string, check: string | null = null) => {
    setError(check);
    if (check || saving) return;
    setSaving(true);
    try {
      await action();
    } catch (err) {
      setSaving(false);
      setError(messageOf(err, failure));
    }
  };
  return { saving, error: error === null ? null : localise(error), submit };
}
