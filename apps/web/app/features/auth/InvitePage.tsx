import { INVITATION_MSG, MIN_PASSWORD_LENGTH, MSG, type Invitation } from '@isaac/contract';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/Button';
import { Spinner } from '~/components/ui/Spinner';
import { ApiError, apiRequest } from '~/lib/api-client';
import { AUTH_PATHS } from '~/lib/paths';
import { toast } from '~/lib/toast';
import { Alert, AuthCard } from './AuthCard';

type Loaded =
  { status: 'loading' } | { status: 'ok'; invitation: Invitation } | { status: 'error'; message: string };

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;

const input =
  'mt-1 block w-full rounded-lg border border-slate-700 bg-slate-950 px-3 py-2.5 text-base text-white placeholder:text-slate-500 focus:border-sky-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400';

/** The password rule the server applies too (the sign-in policy). */
export function passwordProblem(password: string, confirm: string): string | null {
  if (!password) return MSG.passwordRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return MSG.passwordTooShort;
  if (password !== confirm) return 'The two passwords do not match';
  return null;
}

/**
 * A new customer's invitation (issue 15): the link in their e-mail, made when their first order was paid.
 * They choose a password (once; the link works 72 hours), then sign in to see their order and installation.
 */
export function InvitePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let current = true;
    apiRequest<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { handleUnauthorized: false })
      .then((invitation) => current && setLoaded({ status: 'ok', invitation }))
      .catch(
        (err: unknown) =>
          current &&
          setLoaded({
            status: 'error',
            message: messageOf(err, 'Could not open the invitation. Try again.'),
          }),
      );
    return () => {
      current = false;
    };
  }, [token]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = passwordProblem(password, confirm);
    setError(problem);
    if (problem || saving) return;
    setSaving(true);
    try {
      const { email } = await apiRequest<{ message: string; email: string }>('/api/invitations/accept', {
        method: 'POST',
        body: { token, password },
        handleUnauthorized: false,
      });
      toast.success(INVITATION_MSG.accepted);
      await navigate(`${AUTH_PATHS.login}?email=${encodeURIComponent(email)}`);
    } catch (err) {
      setSaving(false);
      setError(messageOf(err, 'Could not set the password. Check your connection and try again.'));
    }
  };

  return (
    <AuthCard>
      {loaded.status === 'loading' ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-400">
          <Spinner /> Opening your invitation...
        </p>
      ) : null}
      {loaded.status === 'error' ? (
        <>
          <Alert message={loaded.message} />
          <p className="mt-4 text-sm text-slate-400">
            Already set a password?{' '}
            <Link to={AUTH_PATHS.login} className="text-sky-300 underline">
              Sign in
            </Link>
          </p>
        </>
      ) : null}
      {loaded.status === 'ok' ? (
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-6 space-y-4">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-white">
            <KeyRound aria-hidden="true" className="h-6 w-6 text-sky-300" />
            Welcome, {loaded.invitation.name}
          </h1>
          <p className="text-sm text-slate-400">
            Choose a password for <span className="text-slate-200">{loaded.invitation.email}</span> to follow
            your order and installation, and control your devices.
          </p>
          <div>
            <label htmlFor={`${id}-password`} className="block text-sm font-medium text-slate-200">
              New password
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={`${id}-rule`}
              className={input}
            />
            <p id={`${id}-rule`} className="mt-1 text-xs text-slate-400">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
          </div>
          <div>
            <label htmlFor={`${id}-confirm`} className="block text-sm font-medium text-slate-200">
              Confirm password
            </label>
            <input
              id={`${id}-confirm`}
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(event) => setConfirm(event.target.value)}
              className={input}
            />
          </div>
          {error ? <Alert message={error} /> : null}
          <Button type="submit" loading={saving} className="w-full">
            Set password
          </Button>
        </form>
      ) : null}
    </AuthCard>
  );
}
