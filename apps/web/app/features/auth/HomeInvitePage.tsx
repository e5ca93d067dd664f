import type { HomeInvitation, HomeJoined } from '@isaac/contract';
import { Home } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/Button';
import { apiRequest, getToken } from '~/lib/api-client';
import { AUTH_PATHS, OWNER_PATHS } from '~/lib/paths';
import { toast } from '~/lib/toast';
import { currentLanguage } from '~/lib/i18n';
import { useAuthT } from '~/lib/i18n/auth-texts';
import { Rich } from '~/lib/i18n/rich';
import { Alert } from './AuthCard';
import {
  InvitationCard,
  InvitationField,
  NewPasswordFields,
  passwordProblem,
  useInvitation,
  useInvitationSubmit,
} from './invitation';

export const viewHomeInvitation = (token: string) =>
  apiRequest<HomeInvitation>(`/api/home-invitations/${encodeURIComponent(token)}`, {
    handleUnauthorized: false,
  });

export const signUpFromInvitation = (
  token: string,
  body: { name: string; password: string; language?: 'en' | 'hi' },
) =>
  apiRequest<HomeJoined>(`/api/home-invitations/${encodeURIComponent(token)}/sign-up`, {
    method: 'POST',
    body,
    handleUnauthorized: false,
  });

export const acceptHomeInvitation = (token: string) =>
  apiRequest<HomeJoined>(`/api/home-invitations/${encodeURIComponent(token)}/accept`, {
    method: 'POST',
    handleUnauthorized: false,
  });

/**
 * An invitation to a home (issue 32): /home-invite/:token. Without an account, the invitee creates one here
 * (name and password, the invited e-mail) and signs in; with one, they accept while signed in.
 */
export function HomeInvitePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const id = useId();
  const { t } = useAuthT();
  const loaded = useInvitation(token, viewHomeInvitation, t('homeInvite.openFailed'));
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { saving, error, submit } = useInvitationSubmit();

  const signUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(
      async () => {
        // The language this page is read in becomes the new account's (its e-mails follow it, ADR 073).
        const { email } = await signUpFromInvitation(token, { name, password, language: currentLanguage() });
        toast.success(t('homeInvite.ready'));
        await navigate(`${AUTH_PATHS.login}?email=${encodeURIComponent(email)}`);
      },
      t('homeInvite.createFailed'),
      name.trim() === '' ? t('homeInvite.nameRequired') : passwordProblem(password, confirm),
    );
  };

  const accept = () =>
    void submit(async () => {
      await acceptHomeInvitation(token);
      toast.success(t('homeInvite.joined'));
      await navigate(OWNER_PATHS.dashboard);
    }, t('homeInvite.acceptFailed'));

  return (
    <InvitationCard loaded={loaded}>
      {(invitation) => (
        <div className="mt-6 space-y-4">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-white">
            <Home aria-hidden="true" className="h-6 w-6 text-sky-300" />
            {t('homeInvite.join', { home: invitation.home_name })}
          </h1>
          <p className="text-sm text-slate-400">
            <Rich
              text={t('homeInvite.invited', {
                by: invitation.invited_by,
                email: invitation.email,
                role: t(`homeInvite.roles.${invitation.role}`),
              })}
              tags={{ email: (chunk) => <span className="text-slate-200">{chunk}</span> }}
            />
          </p>
          {error ? <Alert message={error} /> : null}
          {invitation.has_account ? (
            getToken() ? (
              <Button onClick={accept} loading={saving}>
                {t('homeInvite.accept')}
              </Button>
            ) : (
              <p className="text-sm text-slate-300">
                <Link
                  to={`${AUTH_PATHS.login}?email=${encodeURIComponent(invitation.email)}`}
                  className="text-sky-300 underline"
                >
                  {t('login.signIn')}
                </Link>{' '}
                {t('homeInvite.signInFirst')}
              </p>
            )
          ) : (
            <form onSubmit={signUp} noValidate className="space-y-4">
              <InvitationField
                id={`${id}-name`}
                label={t('homeInvite.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoComplete="name"
              />
              <NewPasswordFields
                id={id}
                label={t('homeInvite.password')}
                password={password}
                confirm={confirm}
                onPassword={setPassword}
                onConfirm={setConfirm}
              />
              <Button type="submit" loading={saving}>
                {t('homeInvite.create')}
              </Button>
            </form>
          )}
        </div>
      )}
    </InvitationCard>
  );
}
