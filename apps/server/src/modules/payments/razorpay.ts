import { z } from 'zod';
import type { Config } from '../../config.ts';
import { PROVIDER_ERROR, ProviderCallError } from '../orders/order-provider.ts';
import type { PaymentProvider, ProviderOrder, ProviderOrderInput, ProviderRefund } from './provider.ts';
import { hmacSha256Hex, paymentSignature, signatureMatches } from './signatures.ts';

/** How long an order creation may take at Razorpay before the buyer gets a 502. */
export const RAZORPAY_TIMEOUT_MS = 10_000;

export { PROVIDER_ERROR };

const orderResponseSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string(),
  receipt: z.string().nullable().optional(),
  status: z.string(),
});

const refundResponseSchema = z.object({ id: z.string().min(1), status: z.string() });

const errorResponseSchema = z.object({
  error: z.object({ code: z.string().optional(), description: z.string().optional() }),
});

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The real provider (PAYMENT_PROVIDER=razorpay): `POST {RAZORPAY_API_BASE}/v1/orders` with HTTP basic
 * auth (key id : key secret) and a JSON body {amount, currency, receipt, notes}. Any failure (network,
 * timeout, non-2xx, unexpected body) becomes a 502 `payment_provider_error` with a clear message.
 */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly keyId: string;

  constructor(
    private readonly settings: Pick<Config['payment'], 'keyId' | 'keySecret' | 'webhookSecret' | 'apiBase'>,
    private readonly fetchImpl: typeof fetch,
  ) {
    this.keyId = settings.keyId;
  }

  /**
   * POSTs JSON to the Razorpay API with basic auth and returns the parsed 2xx body; the network, a timeout
   * and a non-2xx answer become a 502 `payment_provider_error` whose message says what did not happen.
   */
  private async post(
    path: string,
    payload: object,
    failed: { unreachable: string; timedOut: string; rejected: string },
    extraHeaders: Record<string, string> = {},
  ): Promise<unknown> {
    const auth = Buffer.from(`${this.settings.keyId}:${this.settings.keySecret}`).toString('base64');
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.settings.apiBase}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${auth}`,
          'content-type': 'application/json',
          accept: 'application/json',
          ...extraHeaders,
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(RAZORPAY_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ProviderCallError(timedOut ? failed.timedOut : failed.unreachable, false);
    }
    // A 4xx is Razorpay refusing the request (nothing done) — except 409: the same idempotent request is
    // still being processed. A 5xx may have done it.
    const refused = response.status >= 400 && response.status < 500 && response.status !== 409;
    const body = parseJson(await response.text().catch(() => ''));
    if (!response.ok) {
      const parsed = errorResponseSchema.safeParse(body);
      const description = parsed.success ? parsed.data.error.description : undefined;
      const reason =
        response.status === 401
          ? 'authentication failed (check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET)'
          : (description ?? failed.rejected);
      throw new ProviderCallError(`Payment provider error (HTTP ${response.status}): ${reason}`, refused);
    }
    return body;
  }

  async createOrder(input: ProviderOrderInput): Promise<ProviderOrder> {
    const body = await this.post(
      '/v1/orders',
      { amount: input.amount, currency: input.currency, receipt: input.receipt, notes: input.notes },
      {
        timedOut: 'Payment provider did not answer in time: the order was not created. Please try again.',
        unreachable: 'Payment provider unreachable: the order was not created. Please try again.',
        rejected: 'the order was not created',
      },
    );
    const order = orderResponseSchema.safeParse(body);
    if (!order.success)
      throw new ProviderCallError('Payment provider answered with an unexpected order response', false);
    return {
      id: order.data.id,
      amount: order.data.amount,
      currency: order.data.currency,
      receipt: order.data.receipt ?? input.receipt,
      status: order.data.status,
    };
  }

  /**
   * `POST {RAZORPAY_API_BASE}/v1/payments/{paymentId}/refund` with basic auth, {amount, notes} (a
   * normal-speed refund) and `X-Refund-Idempotency: {idempotencyKey}` (Razorpay's idempotent refund: the
   * same key and body make one refund, ADR 044). Any failure becomes a 502 `payment_provider_error` naming
   * Razorpay's reason.
   */
  async refund(
    paymentId: string,
    amountPaise: number,
    notes: Record<string, string>,
    idempotencyKey: string,
  ): Promise<ProviderRefund> {
    const body = await this.post(
      `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount: amountPaise, notes },
      {
        timedOut:
          'Payment provider did not answer in time: the refund was not confirmed. Check the payment at ' +
          'Razorpay before trying again.',
        unreachable: 'Payment provider unreachable: the payment was not refunded. Please try again.',
        rejected: 'the payment was not refunded',
      },
      { 'x-refund-idempotency': idempotencyKey },
    );
    const refund = refundResponseSchema.safeParse(body);
    if (!refund.success)
      throw new ProviderCallError('Payment provider answered with an unexpected refund response', false);
    return { id: refund.data.id, status: refund.data.status };
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(paymentSignature(this.settings.keySecret, orderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean {
    return signatureMatches(hmacSha256Hex(this.settings.webhookSecret, rawBody), signature);
  }
}
