import type { Config } from '../../config.ts';
import type { PaymentProvider, ProviderOrder, ProviderOrderInput, ProviderRefund } from './provider.ts';
import {
  hmacSha256Hex,
  keyedProviderId,
  paymentSignature,
  providerStyleId,
  signatureMatches,
} from './signatures.ts';

/**
 * The embedded provider (PAYMENT_PROVIDER=sandbox, the default): orders and payments get
 * Razorpay-style ids (`order_…`, `pay_…`) and successful payments are signed exactly as Razorpay
 * signs them (hex HMAC-SHA256 of `order_id|payment_id` with RAZORPAY_KEY_SECRET), so the official
 * SDK's validators accept them. Nothing leaves the process.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly keyId: string;

  constructor(private readonly settings: Pick<Config['payment'], 'keyId' | 'keySecret' | 'webhookSecret'>) {
    this.keyId = settings.keyId;
  }

  async createOrder(input: ProviderOrderInput): Promise<ProviderOrder> {
    return {
      id: providerStyleId('order'),
      amount: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      status: 'created',
    };
  }

  /**
   * A refund is made at once, processed (nothing leaves the process); its `rfnd_…` id is derived from the
   * idempotency key, so the same request is the same refund, as at Razorpay.
   */
  async refund(
    _paymentId: string,
    _amountPaise: number,
    _notes: Record<string, string>,
    idempotencyKey: string,
  ): Promise<ProviderRefund> {
    return { id: keyedProviderId('rfnd', idempotencyKey), status: 'processed' };
  }

  /** A successful sandbox payment of `orderId`: a new payment id and its Razorpay-style signature. */
  capturePayment(orderId: string): { paymentId: string; signature: string } {
    const paymentId = providerStyleId('pay');
    return { paymentId, signature: paymentSignature(this.settings.keySecret, orderId, paymentId) };
  }

  /** The X-Razorpay-Signature of a webhook body the sandbox delivers. */
  signWebhook(rawBody: string): string {
    return hmacSha256Hex(this.settings.webhookSecret, rawBody);
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(paymentSignature(this.settings.keySecret, orderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean {
    return signatureMatches(hmacSha256Hex(this.settings.webhookSecret, rawBody), signature);
  }
}
