import type { PaymentProvider as ProviderName } from '@isaac/contract';

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

/** A refund at the provider: its id (`rfnd_…`) and status (Razorpay: `pending`, `processed`, `failed`). */
export interface ProviderRefund {
  id: string;
  status: string;
}

/**
 * What creating (and refunding) an order needs of the payment provider. The orders module owns this port
 * and the payments module implements it (`PaymentProvider` extends it), so orders never import payments:
 * the dependency runs one way, payments → orders (payments marks orders paid).
 */
export interface OrderProvider {
  readonly name: ProviderName;
  /** The public key id the checkout opens with. */
  readonly keyId: string;
  /** Creates the order at the provider. Failures throw a 502 HttpError with a clear message. */
  createOrder(input: ProviderOrderInput): Promise<ProviderOrder>;
  /**
   * Refunds `amountPaise` of a captured payment (an admin's refund of a paid order, issue 15). Failures
   * throw a 502 HttpError with the provider's message.
   */
  refund(paymentId: string, amountPaise: number, notes?: Record<string, string>): Promise<ProviderRefund>;
}
