import { CheckCircle2, Clock, Mail, Phone } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BUSINESS_HOURS, PAYMENT_SUCCESS_COUNTDOWN_S } from '@isaac/contract';
import { buttonPrimary, buttonSecondary, container, textLink } from '~/features/storefront/components/ui';
import { StorefrontLayout } from '~/features/storefront/layout/StorefrontLayout';
import { pageMeta } from '~/features/storefront/seo';
import { COMPANY } from '~/features/storefront/site';
import { CONFIRMATION_STEP, NEXT_STEPS, setupKindOf } from '~/features/storefront/commerce/next-steps';
import { useHydrated } from '~/lib/use-hydrated';
import type { Route } from './+types/payment-success';
import { STOREFRONT_PATHS } from '~/lib/paths';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({
    path: STOREFRONT_PATHS.paymentSuccess,
    title: 'Payment Successful',
    description: 'Your Isaac order is confirmed: what happens next, and how to reach us.',
  }),
  { name: 'robots', content: 'noindex, nofollow' },
];

const ORDER_REFERENCE = /^[A-Za-z0-9_-]{1,64}$/;

/** Seconds left before going home; null once the visitor chose to stay. */
function useCountdown(seconds: number, onDone: () => void): [number | null, () => void] {
  const [remaining, setRemaining] = useState<number | null>(seconds);
  const running = remaining !== null;

  useEffect(() => {
    if (!running) return;
    const deadline = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining((current) => (current === null ? null : left));
    }, 250);
    return () => window.clearInterval(timer);
  }, [running, seconds]);

  useEffect(() => {
    if (remaining === 0) onDone();
  }, [remaining, onDone]);

  return [remaining, () => setRemaining(null)];
}

export default function PaymentSuccessPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The prerendered HTML has no query string: show the order reference only once hydrated. The
  // 'Stay on this page' button is disabled until then (a click before hydration would do nothing).
  const hydrated = useHydrated();
  const order = hydrated ? params.get('order') : null;
  // What happens next follows what was bought (a technician's visit or setting it up yourself); until
  // hydrated only the step both share.
  const setup = hydrated ? setupKindOf(params) : null;
  const steps = setup ? NEXT_STEPS[setup] : [CONFIRMATION_STEP];
  const goHome = useCallback(() => void navigate('/'), [navigate]);
  const [remaining, stay] = useCountdown(PAYMENT_SUCCESS_COUNTDOWN_S, goHome);

  return (
    <StorefrontLayout>
      <div className="bg-slate-950 pt-16">
        <div className={`${container} py-10 text-center text-white sm:py-14`}>
          <CheckCircle2 aria-hidden="true" size={64} className="mx-auto text-emerald-400" />
          <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Payment Successful!</h1>
          <p className="mx-auto mt-3 max-w-xl text-lg text-slate-300">
            Thank you for choosing Isaac. Your payment has been received and your order is confirmed.
          </p>
          {order && ORDER_REFERENCE.test(order) && (
            <p className="mt-4 text-sm text-slate-300">
              Order reference:{' '}
              <span
                className="rounded bg-white/10 px-2 py-1 font-mono text-white"
                data-testid="order-reference"
              >
                {order}
              </span>
            </p>
          )}
        </div>
      </div>

      <div className={`${container} grid gap-6 py-10 sm:py-14 lg:grid-cols-[3fr_2fr]`}>
        <section aria-labelledby="next-steps" className="rounded-2xl border border-slate-200 p-6 sm:p-8">
          <h2 id="next-steps" className="text-xl font-semibold text-slate-900">
            What happens next
          </h2>
          <ol className="mt-5 space-y-4" data-setup={setup ?? undefined}>
            {steps.map((step, index) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-sky-100 font-semibold text-sky-800"
                >
                  {index + 1}
                </span>
                <p className="pt-1 text-slate-700">{step}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="help" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
          <h2 id="help" className="text-xl font-semibold text-slate-900">
            Need help?
          </h2>
          <ul className="mt-5 space-y-4 text-slate-700">
            <li className="flex items-start gap-3">
              <Phone aria-hidden="true" size={20} className="mt-0.5 text-sky-700" />
              <a href={COMPANY.phoneHref} className={textLink}>
                {COMPANY.phone}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <Mail aria-hidden="true" size={20} className="mt-0.5 text-sky-700" />
              <a href={`mailto:${COMPANY.email}`} className={textLink}>
                {COMPANY.email}
              </a>
            </li>
            <li className="flex items-start gap-3">
              <Clock aria-hidden="true" size={20} className="mt-0.5 text-sky-700" />
              <span>{BUSINESS_HOURS}</span>
            </li>
          </ul>
          <p className="mt-5 text-sm text-slate-600">
            Please quote your order reference when you contact us.
          </p>
        </section>
      </div>

      <div className={`${container} pb-16 text-center`}>
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to={STOREFRONT_PATHS.home} className={buttonPrimary}>
            Return to Home
          </Link>
          {remaining !== null && (
            <button
              type="button"
              onClick={stay}
              disabled={!hydrated}
              className={`${buttonSecondary} disabled:opacity-60`}
            >
              Stay on this page
            </button>
          )}
        </div>
        {remaining !== null && (
          <p role="timer" aria-live="off" className="mt-4 text-sm text-slate-600">
            Redirecting to the home page in <span data-testid="countdown">{remaining}</span>{' '}
            {remaining === 1 ? 'second' : 'seconds'}…
          </p>
        )}
      </div>
    </StorefrontLayout>
  );
}
