import { INVITATION_MSG, type Invitation } from '@isaac/contract';
import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/Button';
import { apiRequest } from '~/lib/api-client';
import { AUTH_PATHS } from '~/lib/paths';
import { toast } from '~/lib/toast';
import { currentLanguage } from '~/lib/i18n';
import { useAuthT } from '~/lib/i18n/auth-texts';
import { localiseMessage } from '~/lib/i18n/messages';
import { Rich } from '~/lib/i18n/rich';
import { Alert } from './AuthCard';
import {
  InvitationCard,
  NewPasswordFields,
  passwordProblem,
  useInvitation,
  useInvitationSubmit,
} from './invitation';

const viewInvitation = (token: string) =>
  apiRequest<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { handleUnauthorized: false });

/**
 * A new customer's invitation (issue 15): the link in their e-mail, made when their first order was paid.
 * They choose a password (once; the link works 72 hours), then sign in to see their order and installation.
 */
export function InvitePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const id = useId();
  const { t } = useAuthT();
  const loaded = useInvitation(token, viewInvitation, t('invite.openFailed'));
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { saving, error, submit } = useInvitationSubmit();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(
      async () => {
        const { email } = await apiRequest<{ message: string; email: string }>('/api/invitations/accept', {
          method: 'POST',
          // The language this page is read in becomes the account's (its e-mails follow it, ADR 073).
          body: { token, password, language: currentLanguage() },
          handleUnauthorized: false,
        });
        toast.success(localiseMessage(INVITATION_MSG.accepted));
        await navigate(`${AUTH_PATHS.login}?email=${encodeURIComponent(email)}`);
      },
      t('invite.setFailed'),
      passwordProblem(password, confirm),
    );
  };

  return (
    <InvitationCard
      loaded={loaded}
      onError={
        <p className="mt-4 text-sm text-slate-400">
          <Rich
            text={t('invite.alreadySet')}
            tags={{
              link: (chunk) => (
                <Link to={AUTH_PATHS.login} className="text-sky-300 underline">
                  {chunk}
                </Link>
              ),
            }}
          />
        </p>
      }
    >
      {(invitation) => (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight text-white">
            <KeyRound aria-hidden="true" className="h-6 w-6 text-sky-300" />
            {t('invite.welcome', { name: invitation.name })}
          </h1>
          <p className="text-sm text-slate-400">
            <Rich
              text={t('invite.choose', { email: invitation.email })}
              tags={{ email: (chunk) => <span className="text-slate-200">{chunk}</span> }}
            />
          </p>
          <NewPasswordFields
            id={id}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          {error ? <Alert message={error} /> : null}
          <Button type="submit" loading={saving} className="w-full">
            {t('invite.set')}
          </Button>
        </form>
      )}
    </InvitationCard>
  );
}
