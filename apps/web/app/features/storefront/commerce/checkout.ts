import type { PaymentProvider, VerifyPaymentBody } from '@isaac/contract';
import { checkoutScriptFailed } from './payment-errors';

/**
 * The options of Razorpay Standard Checkout (`new Razorpay(options)`), which the embedded sandbox
 * checkout implements too, so one payment flow drives both providers.
 */
export interface CheckoutOptions {
  key: string;
  /** In paise. */
  amount: number;
  currency: string;
  /** The business name shown at the top of the checkout. */
  name: string;
  description: string;
  order_id: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: VerifyPaymentBody) => void;
  modal: { ondismiss: () => void };
}

/** The body of the checkout's 'payment.failed' event. */
export interface CheckoutFailure {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id?: string };
  };
}

export interface CheckoutInstance {
  open(): void;
  on(event: 'payment.failed', callback: (failure: CheckoutFailure) => void): void;
  close(): void;
}

export type CheckoutConstructor = new (options: CheckoutOptions) => CheckoutInstance;

declare global {
  interface Window {
    Razorpay?: CheckoutConstructor;
  }
}

export const RAZORPAY_CHECKOUT_SRC = 'https://checkout.razorpay.com/v1/checkout.js';

let razorpayScript: Promise<CheckoutConstructor> | undefined;

/** Loads Razorpay's Standard Checkout script on demand (concurrent callers share one load). */
export function loadRazorpayCheckout(): Promise<CheckoutConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  razorpayScript ??= new Promise<CheckoutConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RAZORPAY_CHECKOUT_SRC;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(checkoutScriptFailed('Razorpay'));
    };
    script.onerror = () => {
      script.remove();
      reject(checkoutScriptFailed('Razorpay'));
    };
    document.head.appendChild(script);
  }).finally(() => {
    // Once settled, window.Razorpay answers (success) or the next call tries again (failure).
    razorpayScript = undefined;
  });
  return razorpayScript;
}

/** The checkout for the order's provider; the sandbox checkout is a separate chunk loaded only here. */
export async function loadCheckout(provider: PaymentProvider): Promise<CheckoutConstructor> {
  if (provider === 'razorpay') return loadRazorpayCheckout();
  try {
    const module = await import('./sandbox-checkout');
    return module.SandboxCheckout;
  } catch {
    throw checkoutScriptFailed('sandbox');
  }
}
