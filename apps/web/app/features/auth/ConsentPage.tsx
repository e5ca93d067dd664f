import { AREA_ROLES, MSG, type AuthorizationCheck } from '@isaac/contract';
import { Check, Link2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/Button';
import { Spinner } from '~/components/ui/Spinner';
import { useAuth } from '~/lib/auth';
import { AUTH_PATHS } from '~/lib/paths';
import { toast } from '~/lib/toast';
import { Alert, AuthCard as Card } from './AuthCard';
import { authorizationErrorMessage, checkAuthorization, decideAuthorization } from './authorization';
import { oauthParamsFrom, oauthQuery } from './oauth';

/** How long 'Authorization successful! Redirecting...' shows before the browser goes to the service. */
const REDIRECT_DELAY_MS = 1000;

type CheckState =
  { status: 'checking' } | { status: 'ok'; check: AuthorizationCheck } | { status: 'error'; message: string };

/**
 * The consent screen of voice-assistant linking (issue 12, ADR 035), where /login's OAuth mode leads:
 * names the service and what it may do; Allow sends the browser to the service with a single-use code
 * ('Authorization successful! Redirecting...'), Cancel sends it back with access_denied. Nobody signed in
 * goes to /login with the same request.
 */
export function ConsentPage() {
  const [searchParams] = useSearchParams();
  const request = oauthParamsFrom(searchParams);
  const requestKey = request ? oauthQuery(request) : null;
  const { user, loading, logout } = useAuth();
  const [state, setState] = useState<CheckState>({ status: 'checking' });
  const [deciding, setDeciding] = useState<'allow' | 'deny' | null>(null);
  const [decisionError, setDecisionError] = useState<string | null>(null);

  useEffect(() => {
    if (requestKey === null) return;
    const current = oauthParamsFrom(new URLSearchParams(requestKey));
    if (!current) return;
    let live = true;
    checkAuthorization(current).then(
      (check) => live && setState({ status: 'ok', check }),
      (error: unknown) => live && setState({ status: 'error', message: authorizationErrorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [requestKey]);

  if (!request) {
    return (
      <Card>
        <Alert message={MSG.invalidRedirect} />
      </Card>
    );
  }
  if (loading) {
    return (
      <Card>
        <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-400">
          <Spinner /> Loading...
        </p>
      </Card>
    );
  }
  if (!user) return <Navigate to={`${AUTH_PATHS.login}?${oauthQuery(request)}`} replace />;

  const decide = async (allow: boolean) => {
    setDeciding(allow ? 'allow' : 'deny');
    setDecisionError(null);
    try {
      const redirect = await decideAuthorization(request, allow);
      if (allow) {
        toast.success(MSG.authorizationSuccess);
        window.setTimeout(() => window.location.assign(redirect), REDIRECT_DELAY_MS);
      } else {
        window.location.assign(redirect);
      }
    } catch (error) {
      setDeciding(null);
      setDecisionError(authorizationErrorMessage(error));
    }
  };

  const mayLink = AREA_ROLES.owner.includes(user.role as (typeof AREA_ROLES.owner)[number]);

  return (
    <Card>
      {state.status === 'checking' ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-sm text-slate-400">
          <Spinner /> Checking the link request...
        </p>
      ) : null}
      {state.status === 'error' ? <Alert message={state.message} /> : null}
      {state.status === 'ok' ? (
        <>
          <h1 className="mt-6 flex items-center gap-2 text-2xl font-semibold tracking-tight text-white">
            <Link2 aria-hidden="true" className="h-6 w-6 text-violet-300" />
            Link {state.check.client_name}?
          </h1>
          <p className="mt-2 text-sm text-slate-400">
            Signed in as <span className="text-slate-200">{user.name || 'User'}</span> ({user.email})
          </p>
          <div className="mt-5 rounded-xl border border-slate-700 bg-slate-800/60 p-4">
            <p className="text-sm font-medium text-white">{state.check.client_name} will be able to:</p>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-300">
              <li className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-emerald-400" />
                {state.check.scope_description}
              </li>
            </ul>
            <p className="mt-3 text-xs text-slate-400">
              You can unlink it at any time in Settings → Linked services.
            </p>
          </div>
          {!mayLink ? (
            <Alert message="Only an owner's account can be linked to a voice assistant: sign in with the account of the home." />
          ) : null}
          {decisionError ? <Alert message={decisionError} /> : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            {mayLink ? (
              <>
                <Button
                  variant="outline"
                  onClick={() => void decide(false)}
                  disabled={deciding !== null}
                  loading={deciding === 'deny'}
                >
                  Cancel
                </Button>
                <Button
                  onClick={() => void decide(true)}
                  disabled={deciding !== null}
                  loading={deciding === 'allow'}
                >
                  {deciding === 'allow' ? 'Redirecting...' : 'Allow'}
                </Button>
              </>
            ) : (
              <Button variant="outline" onClick={() => void logout()}>
                Sign in with another account
              </Button>
            )}
          </div>
        </>
      ) : null}
    </Card>
  );
}
