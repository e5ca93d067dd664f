import { CreditCard, ShieldCheck, Smartphone, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { formatInr, type SandboxOrder, type VerifyPaymentBody } from '@isaac/contract';
import { ApiError } from '~/lib/api-client';
import { cx } from '~/components/ui/cx';
import { dialogBackdrop, dialogPanel, focusRing } from '../components/ui';
import { fetchSandboxOrder, paySandboxOrder } from './api/sandbox';
import type { CheckoutFailure, CheckoutInstance, CheckoutOptions } from './checkout';
import { Dialog } from '~/components/ui/Dialog';

/**
 * The embedded sandbox payment provider: a card-payment modal with the same interface as Razorpay
 * Standard Checkout (`new SandboxCheckout(options)`, `.on('payment.failed', …)`, `.open()`). The
 * server signs a successful payment exactly as Razorpay does; this page only asks for an outcome.
 */
export class SandboxCheckout implements CheckoutInstance {
  readonly #options: CheckoutOptions;
  readonly #failureListeners: Array<(failure: CheckoutFailure) => void> = [];
  #root: Root | undefined;
  #container: HTMLElement | undefined;

  constructor(options: CheckoutOptions) {
    this.#options = options;
  }

  on(event: 'payment.failed', callback: (failure: CheckoutFailure) => void): void {
    if (event === 'payment.failed') this.#failureListeners.push(callback);
  }

  open(): void {
    if (this.#root) return;
    this.#container = document.createElement('div');
    this.#container.dataset.sandboxCheckout = '';
    document.body.appendChild(this.#container);
    this.#root = createRoot(this.#container);
    this.#root.render(
      <SandboxCheckoutModal
        options={this.#options}
        onSuccess={(response) => {
          this.close();
          this.#options.handler(response);
        }}
        onFailure={(failure) => this.#failureListeners.forEach((listener) => listener(failure))}
        onDismiss={() => {
          this.close();
          this.#options.modal.ondismiss();
        }}
      />,
    );
  }

  /** Closes the checkout without a payment (Razorpay's `close()`); the buyer's dismissal goes through here. */
  close(): void {
    const root = this.#root;
    const container = this.#container;
    this.#root = undefined;
    this.#container = undefined;
    // Unmount after the current event has finished (never while this root is rendering).
    setTimeout(() => {
      root?.unmount();
      container?.remove();
    }, 0);
  }
}

type Method = 'card' | 'upi';

interface ModalProps {
  options: CheckoutOptions;
  onSuccess: (response: VerifyPaymentBody) => void;
  onFailure: (failure: CheckoutFailure) => void;
  onDismiss: () => void;
}

type LoadState =
  { kind: 'loading' } | { kind: 'ready'; order: SandboxOrder } | { kind: 'error'; message: string };

function SandboxCheckoutModal({ options, onSuccess, onFailure, onDismiss }: ModalProps) {
  const id = useId();
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [method, setMethod] = useState<Method>('card');
  const [paying, setPaying] = useState<'success' | 'failure' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchSandboxOrder(options.order_id, controller.signal).then(
      (order) => setLoad({ kind: 'ready', order }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          error instanceof ApiError && error.status === 404
            ? 'This order does not exist.'
            : 'The payment page could not be loaded. Please close it and try again.';
        setLoad({ kind: 'error', message });
      },
    );
    return () => controller.abort();
  }, [options.order_id]);

  const amount = load.kind === 'ready' ? load.order.amount : options.amount;
  const alreadyPaid = load.kind === 'ready' && load.order.status === 'paid';

  const pay = async (outcome: 'success' | 'failure') => {
    setPaying(outcome);
    setFailure(null);
    try {
      const response = await paySandboxOrder(options.order_id, outcome);
      onSuccess(response);
    } catch (error) {
      const description =
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'Payment could not be completed.';
      setFailure(description);
      setPaying(null);
      onFailure({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { order_id: options.order_id },
        },
      });
    }
  };

  const tab = (value: Method, label: string, Icon: typeof CreditCard) => (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${value}`}
      aria-selected={method === value}
      aria-controls={`${id}-panel-${value}`}
      tabIndex={method === value ? 0 : -1}
      onClick={() => setMethod(value)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          const next = value === 'card' ? 'upi' : 'card';
          setMethod(next);
          document.getElementById(`${id}-tab-${next}`)?.focus();
        }
      }}
      className={cx(
        'flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium',
        method === value ? 'bg-white text-slate-900 shadow' : 'text-slate-600 hover:text-slate-900',
        focusRing,
      )}
    >
      <Icon aria-hidden="true" size={16} /> {label}
    </button>
  );

  const field =
    'mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800';

  return (
    <Dialog
      onClose={onDismiss}
      labelledBy={`${id}-title`}
      describedBy={`${id}-amount`}
      closeOnBackdrop={false}
      backdropClassName={dialogBackdrop}
      className={`${dialogPanel} sm:max-w-sm`}
    >
      <div className="relative px-5 pt-5 pb-4 text-white" style={{ backgroundColor: options.theme.color }}>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Close payment"
          className={`absolute top-3 right-3 rounded-full p-1.5 text-white/90 hover:bg-white/15 ${focusRing}`}
        >
          <X aria-hidden="true" size={18} />
        </button>
        <p className="inline-block rounded bg-amber-300 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-slate-900 uppercase">
          Test mode
        </p>
        <h2 id={`${id}-title`} className="mt-2 text-lg font-semibold">
          {options.name}
        </h2>
        <p className="text-sm text-white/85">{options.description}</p>
        <p id={`${id}-amount`} className="mt-3 text-2xl font-bold tabular-nums">
          {formatInr(amount)}
        </p>
      </div>

      <div className="space-y-4 px-5 py-5">
        {load.kind === 'loading' && (
          <p role="status" className="text-sm text-slate-600">
            Loading payment details…
          </p>
        )}
        {load.kind === 'error' && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {load.message}
          </p>
        )}
        {alreadyPaid && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            This order has already been paid.
          </p>
        )}
        {load.kind === 'ready' && !alreadyPaid && (
          <>
            <p className="text-xs text-slate-600">
              Paying as <span className="font-medium text-slate-900">{options.prefill.name}</span> ·{' '}
              {options.prefill.email}
            </p>
            <div
              role="tablist"
              aria-label="Payment method"
              className="flex gap-1 rounded-xl bg-slate-100 p-1"
            >
              {tab('card', 'Card', CreditCard)}
              {tab('upi', 'UPI', Smartphone)}
            </div>
            {method === 'card' ? (
              <div
                role="tabpanel"
                id={`${id}-panel-card`}
                aria-labelledby={`${id}-tab-card`}
                className="space-y-3"
              >
                <div>
                  <label htmlFor={`${id}-card`} className="text-xs font-medium text-slate-700">
                    Card number
                  </label>
                  <input id={`${id}-card`} readOnly value="4111 1111 1111 1111" className={field} />
                </div>
                <div className="grid grid-cols-2 gap-3">
                  <div>
                    <label htmlFor={`${id}-expiry`} className="text-xs font-medium text-slate-700">
                      Expiry
                    </label>
                    <input id={`${id}-expiry`} readOnly value="12 / 30" className={field} />
                  </div>
                  <div>
                    <label htmlFor={`${id}-cvv`} className="text-xs font-medium text-slate-700">
                      CVV
                    </label>
                    <input id={`${id}-cvv`} readOnly value="123" className={field} />
                  </div>
                </div>
                <p className="text-xs text-slate-500">
                  A test card: no real money is charged in the sandbox.
                </p>
              </div>
            ) : (
              <div
                role="tabpanel"
                id={`${id}-panel-upi`}
                aria-labelledby={`${id}-tab-upi`}
                className="space-y-3"
              >
                <div>
                  <label htmlFor={`${id}-vpa`} className="text-xs font-medium text-slate-700">
                    UPI ID
                  </label>
                  <input id={`${id}-vpa`} readOnly value="success@sandbox" className={field} />
                </div>
                <p className="text-xs text-slate-500">
                  A test UPI ID: no real money is charged in the sandbox.
                </p>
              </div>
            )}
            {failure && (
              <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
                Payment failed: {failure} You can try again.
              </p>
            )}
            <button
              type="button"
              onClick={() => void pay('success')}
              disabled={paying !== null}
              className={cx(
                'w-full rounded-lg px-4 py-3 text-base font-semibold text-white disabled:opacity-60',
                focusRing,
              )}
              style={{ backgroundColor: options.theme.color }}
            >
              {paying === 'success' ? 'Processing...' : `Pay ${formatInr(amount)}`}
            </button>
            <button
              type="button"
              onClick={() => void pay('failure')}
              disabled={paying !== null}
              className={cx(
                'w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60',
                focusRing,
              )}
            >
              {paying === 'failure' ? 'Processing...' : 'Simulate failure'}
            </button>
          </>
        )}
        <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
          <ShieldCheck aria-hidden="true" size={14} /> Sandbox checkout · secured by {options.name}
        </p>
      </div>
    </Dialog>
  );
}
