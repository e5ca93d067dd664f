import type { Config } from '../../config.ts';
import type { OrderProvider } from '../orders/order-provider.ts';
import { RazorpayProvider } from './razorpay.ts';
import { SandboxProvider } from './sandbox.ts';

/**
 * One card-payment provider (issue 3): the embedded `sandbox` (default) or the real `razorpay`.
 * Both sign exactly as Razorpay does, so checkout, verification and webhooks are the same code.
 */
export interface PaymentProvider extends OrderProvider {
  /** Whether `signature` is the hex HMAC-SHA256 of `${orderId}|${paymentId}` with the key secret (constant time). */
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** Whether `signature` (X-Razorpay-Signature) is the hex HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean;
}

export interface ProviderOptions {
  /** The fetch the razorpay provider calls (tests may pass their own); default the global fetch. */
  fetch?: typeof fetch;
}

export type { ProviderOrder, ProviderOrderInput, ProviderRefund } from '../orders/order-provider.ts';

/** The provider of an app, and the sandbox's own capabilities (capture, signed webhooks) when it is the sandbox. */
export interface ChosenProvider {
  provider: PaymentProvider;
  /** The same object as `provider` when PAYMENT_PROVIDER=sandbox, else null. */
  sandbox: SandboxProvider | null;
}

/**
 * THE choice of payment provider (services.ts calls it once per app): the one PAYMENT_PROVIDER names,
 * with its keys from the settings. Whether the sandbox is in use is read from `sandbox`, never by
 * testing the provider's class.
 */
export function createPaymentProvider(
  settings: Config['payment'],
  options: ProviderOptions = {},
): ChosenProvider {
  if (settings.provider === 'razorpay') {
    return { provider: new RazorpayProvider(settings, options.fetch ?? fetch), sandbox: null };
  }
  const sandbox = new SandboxProvider(settings);
  return { provider: sandbox, sandbox };
}
