import { AlertCircle, FileText, Lock } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  formatInr,
  MSG,
  QUOTE_MSG,
  type InstallationAddress,
  type PublicQuote,
  type QuoteOrderBody,
} from '@isaac/contract';
import { ApiError } from '~/lib/api-client';
import { formatCalendarDate } from '~/lib/format';
import { contactLink } from '~/lib/paths';
import { openCheckout } from '../commerce/payment-flow';
import { buttonPrimary, buttonSecondary, container, focusRing, textLink } from '../components/ui';
import { createQuoteOrder } from './api/create-quote-order';
import { getQuote } from './api/get-quote';
import { paymentSuccessPath } from '../commerce/next-steps';
import {
  checkAddress,
  closedStateOf,
  CLOSED_QUOTE_MESSAGES,
  serverAddressErrors,
  type AddressErrors,
  type AddressField,
} from './quote-page';

type Loaded =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; quote: PublicQuote };

const input = `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-sky-600 ${focusRing}`;
const label = 'block text-sm font-medium text-slate-800';
const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8';

/**
 * The customer's quote page (/quote/:token, issue 15): the quote from the e-mail's link — lines, the package
 * price, the last valid day, the note — and, while it can be paid, "Pay ₹…": the server creates the order
 * for the quote's own price and the usual checkout opens (the installation address first when a line is
 * installed). An expired, paid, withdrawn or unknown quote says so, with no Pay button.
 */
export function QuotePage({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getQuote(token, controller.signal).then(
      (quote) => setLoaded({ status: 'ready', quote }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoaded({ status: 'missing' });
        else setLoaded({ status: 'failed', message: 'We could not load your quote. Please try again.' });
      },
    );
    return () => controller.abort();
  }, [token, attempt]);

  const retry = () => {
    setLoaded({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  return (
    <>
      <div className="bg-slate-950 pt-16">
        <div className={`${container} py-8 text-white sm:py-12`}>
          <p className="flex items-center gap-2 text-sm font-medium text-sky-300">
            <FileText aria-hidden="true" size={18} /> Your quote
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {loaded.status === 'ready' ? `Quote ${loaded.quote.number}` : 'Your Isaac quote'}
          </h1>
          {loaded.status === 'ready' ? (
            <p className="mt-2 text-slate-300">Prepared for {loaded.quote.customer_name}</p>
          ) : null}
        </div>
      </div>
      <div className={`${container} py-8 sm:py-12`}>
        {loaded.status === 'loading' ? (
          <div role="status" aria-busy="true" className={`${card} space-y-3`}>
            <span className="sr-only">Loading your quote…</span>
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-6 animate-pulse rounded bg-slate-100" />
            ))}
          </div>
        ) : loaded.status === 'missing' ? (
          <Notice title="Quote not found" text={QUOTE_MSG.notFound} />
        ) : loaded.status === 'failed' ? (
          <div role="alert" className={`${card} text-center`}>
            <AlertCircle aria-hidden="true" size={40} className="mx-auto text-red-600" />
            <p className="mt-3 text-slate-700">{loaded.message}</p>
            <button type="button" onClick={retry} className={`${buttonSecondary} mt-5`}>
              Retry
            </button>
          </div>
        ) : (
          <QuoteDetails
            quote={loaded.quote}
            token={token}
            onClosed={(state) => setLoaded({ status: 'ready', quote: { ...loaded.quote, state } })}
          />
        )}
      </div>
    </>
  );
}

/** A quote that cannot be paid (or a link that is not one): what happened, and how to reach us. */
function Notice({ title, text }: { title: string; text: string }) {
  return (
    <section role="status" aria-labelledby="quote-notice" className={`${card} border-amber-200 bg-amber-50`}>
      <h2 id="quote-notice" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-700">{text}</p>
      <Link to={contactLink('product-inquiry')} className={`${textLink} mt-4 inline-block`}>
        Contact us
      </Link>
    </section>
  );
}

function QuoteDetails({
  quote,
  token,
  onClosed,
}: {
  quote: PublicQuote;
  token: string;
  onClosed: (state: Exclude<PublicQuote['state'], 'sent'>) => void;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <section aria-labelledby="quote-lines" className={card}>
        <h2 id="quote-lines" className="text-xl font-semibold text-slate-900">
          What the quote covers
        </h2>
        <ul className="mt-4 divide-y divide-slate-100">
          {quote.items.map((item) => (
            <li key={item.id} className="flex justify-between gap-4 py-3 text-slate-800">
              <span>{item.name}</span>
              <span className="shrink-0 text-slate-600">× {item.quantity}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
          <span className="font-semibold text-slate-900">Package price</span>
          <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="quote-total">
            {formatInr(quote.amount)}
          </span>
        </p>
        <p className="mt-1 text-right text-sm text-slate-600">GST included</p>
        <p className="mt-4 text-sm text-slate-700">
          Valid until{' '}
          <time dateTime={quote.valid_until} className="font-semibold">
            {formatCalendarDate(quote.valid_until)}
          </time>
        </p>
        {quote.note ? (
          <div className="mt-4 rounded-xl bg-slate-50 p-4">
            <h3 className="text-sm font-semibold text-slate-900">A note from us</h3>
            <p className="mt-1 text-sm whitespace-pre-wrap text-slate-700">{quote.note}</p>
          </div>
        ) : null}
      </section>
      {quote.state === 'sent' ? (
        <PayForm quote={quote} token={token} onClosed={onClosed} />
      ) : (
        <Notice {...CLOSED_QUOTE_MESSAGES[quote.state]} />
      )}
    </div>
  );
}

const ADDRESS_LABELS: Record<AddressField, string> = { city: 'City', pincode: 'Pincode', address: 'Address' };

function PayForm({
  quote,
  token,
  onClosed,
}: {
  quote: PublicQuote;
  token: string;
  onClosed: (state: Exclude<PublicQuote['state'], 'sent'>) => void;
}) {
  const navigate = useNavigate();
  const fieldId = useId();
  const errorId = useId();
  const [address, setAddress] = useState<InstallationAddress>({ city: '', pincode: '', address: '' });
  const [errors, setErrors] = useState<AddressErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const focusFirstInvalid = (found: AddressErrors) => {
    const first = (['city', 'pincode', 'address'] as const).find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paying) return;
    let body: QuoteOrderBody = {};
    if (quote.needs_installation) {
      const checked = checkAddress(address);
      if (!checked.ok) {
        setErrors(checked.errors);
        focusFirstInvalid(checked.errors);
        return;
      }
      body = { address: checked.address };
    }
    setErrors({});
    setError(null);
    setPaying(true);
    try {
      const order = await createQuoteOrder(token, body);
      await openCheckout(
        order,
        {
          notes: {
            product: `Quote ${quote.number}`,
            customer_name: quote.customer_name,
            customer_email: quote.customer_email,
            customer_phone: quote.customer_phone,
          },
        },
        {
          onVerified: (result) => void navigate(paymentSuccessPath(result)),
          onCheckoutOpen: () => setPaying(false),
        },
      );
    } catch (err) {
      setPaying(false);
      const closed = closedStateOf(err);
      if (closed) {
        onClosed(closed);
        return;
      }
      const onFields = serverAddressErrors(err);
      setErrors(onFields);
      focusFirstInvalid(onFields);
      setError(
        err instanceof ApiError
          ? (err.serverMessage ?? MSG.paymentOrderFailed)
          : err instanceof Error && /Failed to load/.test(err.message)
            ? MSG.paymentScriptFailed
            : MSG.paymentDefault,
      );
    }
  };

  return (
    <section aria-labelledby="quote-pay" className={card}>
      <h2 id="quote-pay" className="text-xl font-semibold text-slate-900">
        Accept and pay
      </h2>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-describedby={error ? errorId : undefined}
        className="mt-4 space-y-4"
      >
        {quote.needs_installation ? (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-900">Installation address</legend>
            <p className="text-sm text-slate-600">Our electrician installs this at your home.</p>
            {(['city', 'pincode', 'address'] as const).map((field) => {
              const id = `${fieldId}-${field}`;
              const fieldError = errors[field];
              const common = {
                id,
                name: field,
                value: address[field],
                required: true,
                'aria-invalid': fieldError ? true : undefined,
                'aria-describedby': fieldError ? `${id}-error` : undefined,
                className: `${input} ${fieldError ? 'border-red-500' : 'border-slate-300'}`,
              };
              const change = (value: string) => setAddress((current) => ({ ...current, [field]: value }));
              return (
                <div key={field}>
                  <label htmlFor={id} className={label}>
                    {ADDRESS_LABELS[field]} <span aria-hidden="true">*</span>
                  </label>
                  {field === 'address' ? (
                    <textarea
                      {...common}
                      rows={2}
                      autoComplete="street-address"
                      onChange={(event) => change(event.target.value)}
                    />
                  ) : (
                    <input
                      {...common}
                      autoComplete={field === 'city' ? 'address-level2' : 'postal-code'}
                      inputMode={field === 'pincode' ? 'numeric' : undefined}
                      maxLength={field === 'pincode' ? 6 : undefined}
                      onChange={(event) => change(event.target.value)}
                    />
                  )}
                  {fieldError ? (
                    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                      {fieldError}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </fieldset>
        ) : null}
        {error ? (
          <p
            id={errorId}
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          >
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={paying} className={`${buttonPrimary} w-full disabled:opacity-60`}>
          {paying ? 'Processing…' : `Pay ${formatInr(quote.amount)}`}
        </button>
        <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
          <Lock aria-hidden="true" size={14} /> Payments are processed securely. We never see your card
          details.
        </p>
      </form>
    </section>
  );
}
