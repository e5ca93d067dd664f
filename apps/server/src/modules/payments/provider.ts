import type { PaymentProvider as ProviderName } from '@isaac/contract';
import type { Config } from '../../config.ts';
import { RazorpayProvider } from './razorpay.ts';
import { SandboxProvider } from './sandbox.ts';

export interface ProviderOrderInput {
  /** In paise. */
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

export interface ProviderOrder {
  /** The provider's order id (`order_…`): what checkout and signatures use. */
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
}

/**
 * One card-payment provider (issue 3): the embedded `sandbox` (default) or the real `razorpay`.
 * Both sign exactly as Razorpay does, so checkout, verification and webhooks are the same code.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The public key id the checkout opens with. */
  readonly keyId: string;
  /** Creates the order at the provider. Failures throw a 502 HttpError with a clear message. */
  createOrder(input: ProviderOrderInput): Promise<ProviderOrder>;
  /** Whether `signature` is the hex HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret (constant time). */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Whether `signature` (X-Razorpay-Signature) is the hex HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean;
}

export interface ProviderOptions {
  /** The fetch the razorpay provider calls (tests may pass their own); default the global fetch. */
  fetch?: typeof fetch;
}

/** The provider PAYMENT_PROVIDER names, with its keys from the settings. */
export function createPaymentProvider(
  settings: Config['payment'],
  options: ProviderOptions = {},
): PaymentProvider {
  return settings.provider === 'razorpay'
    ? new RazorpayProvider(settings, options.fetch ?? fetch)
    : new SandboxProvider(settings);
}
