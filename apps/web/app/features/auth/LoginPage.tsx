import { ERROR_CODE, MSG, type AuthorizationCheck, type LoginResponse } from '@isaac/contract';
import { AlertCircle, ArrowLeft, Eye, EyeOff, Info, Link2, LogIn } from 'lucide-react';
import { Brand } from '~/components/Brand';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { toast } from '~/lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
// Straight from their modules, not the ui barrel: /login loads only what it shows.
import { Button } from '~/components/ui/Button';
import { TextField } from '~/components/ui/fields';
import { ApiError } from '~/lib/api-client';
import { type SecondFactor, useAuth } from '~/lib/auth';
import { runtimeConfig } from '~/lib/config';
import { dashboardHome } from '~/lib/route-guard';
import { useHydrated } from '~/lib/use-hydrated';
import type * as LoginFormRules from './login-form';
import type { LoginCheck, LoginField, LoginFieldErrors } from './login-form';
import { loginErrorMessage } from './login-error';
import { isTrustedRedirect, oauthParamsFrom, oauthQuery } from './oauth';
import { authorizationErrorMessage, checkAuthorization, consentPath } from './authorization';
import { STOREFRONT_PATHS } from '~/lib/paths';
import { useAuthT } from '~/lib/i18n/auth-texts';
import { Rich } from '~/lib/i18n/rich';
import { LanguageSwitch } from '~/components/LanguageSwitch';
import auth from '~/lib/i18n/en/auth';
import { localiseMessage, useLocaliseMessage } from '~/lib/i18n/messages';
import { useLanguageSync } from '~/lib/i18n/use-language-sync';

/** Shown when the form's rules could not be loaded (offline since the page loaded, a deploy in between). */
export const RULES_UNAVAILABLE_MESSAGE = auth.login.rulesUnavailable;

let rules: Promise<typeof LoginFormRules> | undefined;

/** Starts loading the form's rules (zod and the shared schema); a failed load is retried on the next call. */
function loadRules(): Promise<typeof LoginFormRules> {
  rules ??= import('./login-form').catch((error: unknown) => {
    rules = undefined;
    throw error;
  });
  return rules;
}

const LOGIN_FIELDS: readonly LoginField[] = ['email', 'password'];

/** What is in the form's fields now (they are uncontrolled: typed before the scripts arrived is kept). */
function formValues(form: HTMLFormElement): Record<LoginField, string> {
  const data = new FormData(form);
  return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
}

/**
 * The form checked against the login schema, loaded on first use: zod is a large share of the script /login
 * would otherwise load before it is interactive (docs/benchmarks.md). Loading starts when the form is first focused, so it is there by
 * the time the form is submitted; a submit before that waits for it. Null when the rules cannot be loaded.
 * (A plain form, not react-hook-form: two fields do not need a form library in /login's first load.)
 */
async function checkForm(form: HTMLFormElement): Promise<LoginCheck | null> {
  try {
    const { checkLoginForm } = await loadRules();
    return checkLoginForm(formValues(form));
  } catch {
    return null;
  }
}

/** The code step (ADR 028): loaded only when an account with two-factor sign-in asks for it. */
const TwoFactorStep = lazy(() => import('./TwoFactorStep').then((m) => ({ default: m.TwoFactorStep })));
/** The demo sign-ins: loaded only under DEMO (never in a production sign-in's first load). */
const DemoAccounts = lazy(() => import('./DemoAccounts').then((m) => ({ default: m.DemoAccounts })));

/** The credentials of a sign-in waiting for its second factor, and the server's prompt. */
interface PendingSignIn {
  email: string;
  password: string;
  prompt: string;
}

/** OAuth mode: the API's check of the authorization request (the client and its redirect URI). */
type AuthorizationState =
  { status: 'checking' } | { status: 'ok'; check: AuthorizationCheck } | { status: 'error'; message: string };

export function LoginPage() {
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const oauth = hydrated ? oauthParamsFrom(searchParams) : null;
  const oauthMode = oauth !== null;
  const oauthKey = oauth ? oauthQuery(oauth) : null;
  const [authorization, setAuthorization] = useState<AuthorizationState>({ status: 'checking' });
  const demo = hydrated && runtimeConfig().demo;
  const { user, notice, login } = useAuth();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const [pending, setPending] = useState<PendingSignIn | null>(null);
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  // After the first submit, a field's message follows what is typed into it (as react-hook-form's default).
  const [submitted, setSubmitted] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { t } = useAuthT();
  const localise = useLocaliseMessage();
  // After hydration (the prerendered page is English): this browser's language or the one chosen here.
  useLanguageSync();

  // OAuth mode: the API checks the client and its redirect URI first; an unknown one shows the spec's
  // message and nothing else happens (no form).
  useEffect(() => {
    if (oauthKey === null) return;
    const request = oauthParamsFrom(new URLSearchParams(oauthKey));
    if (!request) return;
    let current = true;
    checkAuthorization(request).then(
      (check) => current && setAuthorization({ status: 'ok', check }),
      (error: unknown) =>
        current && setAuthorization({ status: 'error', message: authorizationErrorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [oauthKey]);

  // Already signed in (a stored token's user was loaded): go straight to the dashboard, or in OAuth mode
  // (once the request checked out) to the consent screen.
  const signedInRole = user?.role;
  const authorizationOk = authorization.status === 'ok';
  useEffect(() => {
    if (signedInRole === undefined || redirecting) return;
    const request = oauthKey === null ? null : oauthParamsFrom(new URLSearchParams(oauthKey));
    if (oauthKey === null) void navigate(dashboardHome(signedInRole), { replace: true });
    // (A sign-in on this page goes on through its own answer's redirect, which must pass the check.)
    else if (request && authorizationOk && !submitted) void navigate(consentPath(request), { replace: true });
  }, [signedInRole, oauthKey, authorizationOk, redirecting, submitted, navigate]);

  // From an accepted invitation (/login?email=…): the new customer's e-mail is filled in.
  const invitedEmail = hydrated ? searchParams.get('email') : null;
  useEffect(() => {
    const field = formRef.current?.elements.namedItem('email');
    if (invitedEmail && field instanceof HTMLInputElement && !field.value) field.value = invitedEmail;
  }, [invitedEmail]);

  /** Signed in: the OAuth redirect, or the toast and the role's dashboard. Returns an error to show, if any. */
  const finish = async (result: LoginResponse): Promise<string | null> => {
    if (result.oauth_mode && result.redirect) {
      const target = result.redirect;
      // Only the product's own origins are followed (spec section 5); the consent screen there sends the
      // browser on to the client.
      if (!isTrustedRedirect(target)) {
        toast.error(localiseMessage(MSG.invalidRedirect));
        return MSG.invalidRedirect;
      }
      setRedirecting(true);
      const url = new URL(target);
      if (url.origin === window.location.origin)
        await navigate(`${url.pathname}${url.search}`, { replace: true });
      else window.location.assign(target);
      return null;
    }
    toast.success(localiseMessage(MSG.loginSuccess));
    await navigate(dashboardHome(result.user.role), { replace: true });
    return null;
  };

  /** Re-checks `fields` and shows their messages (after the first submit, or when the demo fills them). */
  const recheck = async (fields: readonly LoginField[]) => {
    const form = formRef.current;
    const result = form ? await checkForm(form) : null;
    if (!result) return;
    setErrors((shown) => {
      const next = { ...shown };
      for (const field of fields) next[field] = result.ok ? undefined : result.errors[field];
      return next;
    });
  };

  const signIn = async (email: string, password: string) => {
    try {
      setFormError(await finish(await login(email, password, oauth)));
    } catch (err) {
      // The password was right and the account has two-factor sign-in: ask for the code (the e-mail and
      // password stay in the hidden form, as typed).
      if (err instanceof ApiError && err.code === ERROR_CODE.twoFactorRequired) {
        setPending({ email, password, prompt: err.serverMessage ?? err.message });
        return;
      }
      const message = loginErrorMessage(err);
      setFormError(message);
      toast.error(localiseMessage(message));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const form = event.currentTarget;
    setFormError(null);
    setSubmitted(true);
    setIsSubmitting(true);
    try {
      const result = await checkForm(form);
      if (!result) {
        setFormError(RULES_UNAVAILABLE_MESSAGE);
        return;
      }
      if (!result.ok) {
        setErrors(result.errors);
        const firstInvalid = LOGIN_FIELDS.find((field) => result.errors[field] !== undefined);
        if (firstInvalid) form.querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
        return;
      }
      setErrors({});
      await signIn(result.values.email, result.values.password);
    } finally {
      setIsSubmitting(false);
    }
  };

  const submitCode = async (factor: SecondFactor): Promise<string | null> => {
    if (!pending) return null;
    try {
      return await finish(await login(pending.email, pending.password, oauth, factor));
    } catch (err) {
      const message = loginErrorMessage(err);
      toast.error(localiseMessage(message));
      return message;
    }
  };

  const fillDemo = (email: string, password: string) => {
    const form = formRef.current;
    if (!form) return;
    const filled: Record<LoginField, string> = { email, password };
    for (const field of LOGIN_FIELDS) {
      const input = form.querySelector<HTMLInputElement>(`input[name="${field}"]`);
      if (input) input.value = filled[field];
    }
    void recheck(LOGIN_FIELDS);
  };

  const busy = isSubmitting || redirecting;
  const alertMessage = formError === null ? null : localise(formError);

  return (
    // The card's top is fixed (about where centring would put it), not centred: on a slow link the browser
    // paints the page before its HTML has fully arrived, and a centred card then moved up as the rest of
    // it came in (a layout shift, CLS 0.02–0.13 under mobile throttling).
    <main className="relative flex min-h-screen flex-col items-center overflow-hidden bg-slate-950 px-4 pt-[max(2.5rem,calc(50vh-18rem))] pb-10 text-slate-100">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 left-1/2 h-[32rem] w-[32rem] -translate-x-1/2 rounded-full bg-sky-500/20 blur-3xl"
      />
      {/* Placed from the top, where the first screen ends: from the bottom it moved when the page grew below
          the fold after hydrating (the demo's sign-ins, an error), a layout shift. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-[calc(100vh-12rem)] -left-24 h-96 w-96 rounded-full bg-emerald-500/10 blur-3xl"
      />

      <div className="relative w-full max-w-md">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-2">
          <Link
            to={STOREFRONT_PATHS.home}
            className="inline-flex items-center gap-1.5 rounded text-sm text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
          >
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('login.backHome')}
          </Link>
          <LanguageSwitch />
        </div>

        <div className="rounded-2xl border border-slate-800 bg-slate-900/80 p-6 shadow-2xl backdrop-blur sm:p-8">
          <Brand size="lg" tagline />

          <h1 className="mt-6 text-2xl font-semibold tracking-tight text-white">
            {oauthMode ? t('login.linkTitle') : t('login.title')}
          </h1>
          <p className="mt-1 text-sm text-slate-400">{oauthMode ? t('login.linkIntro') : t('login.intro')}</p>

          {oauth && authorization.status === 'ok' ? (
            <div
              role="note"
              className="mt-5 flex gap-3 rounded-xl border border-violet-500/40 bg-violet-500/10 p-3 text-sm text-violet-100"
            >
              <Link2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-violet-300" />
              <p>
                <Rich
                  text={t('login.linking', {
                    client: authorization.check.client_name,
                    scope: authorization.check.scope_description.toLowerCase(),
                  })}

                  tags={{ strong: (chunk) => <span className="font-medium">{chunk}</span> }}
                />
              </p>
            </div>
          ) : null}
          {oauth && authorization.status === 'checking' ? (
            <p role="status" className="mt-5 text-sm text-slate-400">
              {t('login.checking')}
            </p>
          ) : null}
          {oauth && authorization.status === 'error' ? (
            <div
              role="alert"
              className="mt-5 flex gap-2 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
              <p>{localise(authorization.message)}</p>
            </div>
          ) : null}

          {hydrated && notice ? (
            <div
              role="status"
              className="mt-5 flex gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm text-amber-100"
            >
              <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-300" />
              <p>{localise(notice)}</p>
            </div>
          ) : null}

          {pending ? (
            <Suspense fallback={null}>
              <TwoFactorStep
                email={pending.email}
                prompt={pending.prompt}
                onSubmit={submitCode}
                onBack={() => setPending(null)}
              />
            </Suspense>
          ) : null}

          <form
            // In OAuth mode the form waits for the request to check out (and stays hidden if it does not).
            hidden={pending !== null || (oauthMode && authorization.status !== 'ok')}
            className="mt-6 space-y-4"
            noValidate
            ref={formRef}
            onSubmit={(event) => void onSubmit(event)}
            onFocus={() => void loadRules().catch(() => undefined)}
            onChange={(event) => {
              const field = event.target;
              if (!submitted || !(field instanceof HTMLInputElement)) return;
              if (field.name === 'email' || field.name === 'password') void recheck([field.name]);
            }}
          >
            <TextField
              label={t('login.email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder="you@example.com"
              name="email"
              error={errors.email}
            />
            <TextField
              label={t('login.password')}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              placeholder="••••••••"
              name="password"
              error={errors.password}
              trailing={
                <button
                  type="button"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                  aria-pressed={showPassword}
                  // A click before the page is interactive would do nothing: disabled (and looks it) until then.
                  disabled={!hydrated}
                  className="rounded-md p-1.5 text-slate-400 hover:bg-slate-800 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-slate-400"
                >
                  {showPassword ? (
                    <EyeOff aria-hidden="true" className="h-4 w-4" />
                  ) : (
                    <Eye aria-hidden="true" className="h-4 w-4" />
                  )}
                </button>
              }
            />

            {alertMessage ? (
              <div
                role="alert"
                className="flex gap-2 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-200"
              >
                <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <p>{alertMessage}</p>
              </div>
            ) : null}

            <Button
              type="submit"
              size="lg"
              className="w-full"
              loading={busy}
              // Until the page is interactive a click would submit the form natively (credentials in the URL).
              disabled={!hydrated}
              icon={<LogIn aria-hidden="true" className="h-4 w-4" />}
            >
              {redirecting
                ? t('login.redirecting')
                : isSubmitting
                  ? t('login.signingIn')
                  : oauthMode
                    ? t('login.signInLink')
                    : t('login.signIn')}
            </Button>
          </form>

          {demo && !pending && (!oauthMode || authorization.status === 'ok') ? (
            <Suspense fallback={null}>
              <DemoAccounts onUse={fillDemo} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </main>
  );
}
