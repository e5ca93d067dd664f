import type { PaymentProvider as ProviderName } from '@isaac/contract';
import { HttpError } from '../../plugins/errors.ts';

/** The error code of every failed call to the payment provider (502). */
export const PROVIDER_ERROR = 'payment_provider_error';

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
   * Refunds `amountPaise` of a captured payment (an admin's refund of a paid order, issue 15), once per
   * `idempotencyKey`: the same key with the same amount and notes is the same refund however often it is
   * sent (ADR 044). Failures throw a 502 `ProviderCallError` with the provider's message, saying whether the
   * provider refused (nothing happened) or the outcome is unknown (a timeout: it may have happened).
   */
  refund(
    paymentId: string,
    amountPaise: number,
    notes: Record<string, string>,
    idempotencyKey: string,
  ): Promise<ProviderRefund>;
}

/**
 * A failed call to the payment provider (502 `payment_provider_error`, its message for the user). `refused`:
 * the provider answered that it did not do it; otherwise the request may have been carried out (a timeout,
 * a dropped connection, a 5xx) and only the same request, idempotently, may be sent again.
 */
export class ProviderCallError extends HttpError {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(502, PROVIDER_ERROR, message);
  }
}

/**
 * How long a refund sent to the provider counts as in flight (a second request for it is 409): longer than
 * the provider's own timeout (Razorpay: 10 s), so only a process that died mid-call leaves one this old, and
 * its order can then be refunded again with the same idempotency key (ADR 044).
 */
export const REFUND_IN_FLIGHT_MS = 60_000;
