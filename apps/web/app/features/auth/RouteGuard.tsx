import { ShieldAlert } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { SignedInSkeleton } from '~/components/SignedInSkeleton';
import { Button } from '~/components/ui/Button';
import { ErrorState } from '~/components/ui/ErrorState';
import { useAuth } from '~/lib/auth';
import { decideGuard } from '~/lib/route-guard';
import { AUTH_PATHS } from '~/lib/paths';
import { useAuthT } from '~/lib/i18n/auth-texts';

interface RouteGuardProps {
  /** Roles allowed here; leave out for "any signed-in user". */
  allowedRoles?: readonly number[];
  children: ReactNode;
}

/**
 * The route guard of spec section 2: the signed-in skeleton while loading, /login when nobody is signed in, the user's
 * own dashboard when the role is not allowed here.
 */
export function RouteGuard({ allowedRoles, children }: RouteGuardProps) {
  const auth = useAuth();
  const decision = decideGuard({
    loading: auth.loading,
    user: auth.user,
    loadError: auth.loadError,
    allowedRoles,
  });
  // The first render of the area once the user is known (its shell and page) is deferred: React renders it
  // in short slices it can interrupt, with the skeleton kept meanwhile, instead of in one task that holds
  // the page's input until it is done (ADR 082). Later changes (sign-out, a role) apply at once.
  const settled = useDeferredValue(decision.kind !== 'loading');
  switch (decision.kind) {
    case 'loading':
      return <SignedInSkeleton />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'error':
      return <SessionLoadError message={decision.message} />;
    case 'no-access':
      return <NoDashboard />;
    case 'allow':
      return settled ? children : <SignedInSkeleton />;
  }
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-900 px-4 text-slate-100">
      <div className="w-full max-w-md">{children}</div>
    </main>
  );
}

/** Loading the signed-in user failed for a reason other than auth: the session is kept, Retry is offered. */
function SessionLoadError({ message }: { message: string }) {
  const { reload, logout } = useAuth();
  const navigate = useNavigate();
  const [retrying, setRetrying] = useState(false);
  const { t } = useAuthT();
  return (
    <Centered>
      <ErrorState
        title={t('guard.loadFailed')}
        message={message}
        retrying={retrying}
        onRetry={() => {
          setRetrying(true);
          void reload().finally(() => setRetrying(false));
        }}
      />
      <div className="mt-4 text-center">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void logout().then(() => navigate(AUTH_PATHS.login, { replace: true }))}
        >
          {t('guard.signOut')}
        </Button>
      </div>
    </Centered>
  );
}

function NoDashboard() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const { t } = useAuthT();
  return (
    <Centered>
      <div role="alert" className="rounded-2xl border border-slate-700 bg-slate-800/60 p-8 text-center">
        <ShieldAlert aria-hidden="true" className="mx-auto h-10 w-10 text-amber-300" />
        <h1 className="mt-4 text-lg font-semibold text-white">{t('guard.noDashboard')}</h1>
        <p className="mt-2 text-sm text-slate-400">
          {t('guard.noDashboardText', { account: user?.email ?? t('guard.thisAccount') })}
        </p>
        <Button
          className="mt-6"
          variant="outline"
          onClick={() => void logout().then(() => navigate(AUTH_PATHS.login, { replace: true }))}
        >
          {t('guard.signOut')}
        </Button>
      </div>
    </Centered>
  );
}
