import {
  API_MSG,
  SANDBOX_PAYMENT_FAILED,
  type SandboxOrder,
  type SandboxPayBody,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@isaac/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { eq } from 'drizzle-orm';
import { orders, paymentEvents } from '../../db/schema/index.ts';
import { badRequest, conflict, HttpError, notFound } from '../../plugins/errors.ts';
import { presentOrder } from '../orders/presenter.ts';
import type { OrderService } from '../orders/service.ts';
import type { PaymentProvider } from './provider.ts';
import type { SandboxProvider } from './sandbox.ts';
import { webhookEventId, webhookEventSchema, type WebhookEvent } from './webhook-event.ts';

export const PAYMENT_ERROR = {
  invalidSignature: 'invalid_signature',
  missingSignature: 'missing_signature',
  paymentFailed: SANDBOX_PAYMENT_FAILED.error,
} as const;

export const PAYMENTS_MESSAGES = {
  orderNotFound: API_MSG.orderNotFound,
  invalidSignature: 'Invalid payment signature: the payment could not be confirmed.',
  otherPayment: 'This order has already been paid with a different payment.',
  missingWebhookSignature: 'Missing X-Razorpay-Signature header',
  invalidWebhookSignature: 'Invalid webhook signature',
  invalidWebhookBody: 'Webhook body is not a valid event',
  sandboxOff: 'The sandbox checkout is only available when PAYMENT_PROVIDER=sandbox',
  alreadyPaid: 'This order has already been paid.',
  orderClosed:
    'This order was cancelled or refunded: the payment was not applied and will be refunded to you.',
} as const;

/** What POST /api/payments/webhook did with an event. */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface WebhookInput {
  rawBody: Buffer;
  signature: string | undefined;
  eventIdHeader: string | undefined;
}

/** A successful sandbox payment: the checkout handler's response (and what the webhook will carry). */
export interface SandboxPayment {
  response: VerifyPaymentBody;
  amount: number;
  currency: string;
  notes: Record<string, string>;
}

/**
 * Payments: the server-side verification of a checkout's signed response, the provider's signed
 * webhooks, and the sandbox checkout. The orders table is the one source of truth; an order is marked
 * paid exactly once whichever of verify and webhook comes first, and a paid order never changes again.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly provider: PaymentProvider,
    private readonly orders: OrderService,
    /** The sandbox provider when PAYMENT_PROVIDER=sandbox (createPaymentProvider), else null. */
    private readonly sandboxProvider: SandboxProvider | null,
  ) {}

  /** POST /api/verify-payment. */
  async verify(body: VerifyPaymentBody, context: AuditContext): Promise<VerifyPaymentResponse> {
    const order = await this.orders.findByProviderOrderId(body.razorpay_order_id);
    if (!order) throw notFound(PAYMENTS_MESSAGES.orderNotFound);
    // Signed over the stored order's provider id, never over anything else the client sends.
    if (
      !this.provider.verifyPaymentSignature(
        order.providerOrderId,
        body.razorpay_payment_id,
        body.razorpay_signature,
      )
    ) {
      throw new HttpError(400, PAYMENT_ERROR.invalidSignature, PAYMENTS_MESSAGES.invalidSignature);
    }
    const result = await this.orders.markPaid(order.providerOrderId, body.razorpay_payment_id, context);
    if (result.outcome === 'not_found') throw notFound(PAYMENTS_MESSAGES.orderNotFound);
    if (result.outcome === 'conflict') throw conflict(PAYMENTS_MESSAGES.otherPayment);
    if (result.outcome === 'closed') throw conflict(PAYMENTS_MESSAGES.orderClosed);
    return {
      status: 'paid',
      order_id: order.providerOrderId,
      payment_id: body.razorpay_payment_id,
      installation: order.needsInstallation,
    };
  }

  /**
   * POST /api/payments/webhook: verifies the signature over the raw body, records the event once
   * (INSERT … ON CONFLICT DO NOTHING on its id) and applies it in the same transaction, so a
   * redelivered event changes nothing and a failed one can be redelivered.
   */
  async handleWebhook(
    input: WebhookInput,
    log: FastifyBaseLogger,
    context: AuditContext,
  ): Promise<WebhookOutcome> {
    if (!input.signature)
      throw new HttpError(400, PAYMENT_ERROR.missingSignature, PAYMENTS_MESSAGES.missingWebhookSignature);
    if (!this.provider.verifyWebhookSignature(input.rawBody, input.signature)) {
      throw new HttpError(400, PAYMENT_ERROR.invalidSignature, PAYMENTS_MESSAGES.invalidWebhookSignature);
    }
    let json: unknown;
    try {
      json = JSON.parse(input.rawBody.toString('utf8'));
    } catch {
      throw badRequest(PAYMENTS_MESSAGES.invalidWebhookBody);
    }
    const parsed = webhookEventSchema.safeParse(json);
    if (!parsed.success || typeof json !== 'object' || json === null) {
      throw badRequest(PAYMENTS_MESSAGES.invalidWebhookBody);
    }
    const event = parsed.data;
    const eventId = webhookEventId(input.eventIdHeader, event, input.rawBody);
    const providerOrderId = event.payload.payment?.entity.order_id ?? event.payload.order?.entity.id ?? null;

    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ eventId, type: event.event, providerOrderId, payload: json as Record<string, unknown> })
        .onConflictDoNothing({ target: paymentEvents.eventId })
        .returning({ eventId: paymentEvents.eventId });
      if (inserted.length === 0) {
        log.info({ eventId, event: event.event }, 'payment webhook: duplicate event ignored');
        return 'duplicate' as const;
      }
      const outcome = await this.applyEvent(event, tx, log, context);
      log.info({ eventId, event: event.event, providerOrderId, outcome }, 'payment webhook');
      return outcome;
    });
  }

  private async applyEvent(
    event: WebhookEvent,
    tx: Tx,
    log: FastifyBaseLogger,
    context: AuditContext,
  ): Promise<WebhookOutcome> {
    const payment = event.payload.payment?.entity;
    const orderId = payment?.order_id ?? event.payload.order?.entity.id;
    if (!orderId) return 'ignored';

    switch (event.event) {
      case 'payment.captured':
      case 'order.paid': {
        if (!payment) return 'ignored';
        const [order] = await tx.select().from(orders).where(eq(orders.providerOrderId, orderId)).limit(1);
        if (!order) {
          log.warn({ orderId, event: event.event }, 'payment webhook for an unknown order');
          return 'ignored';
        }
        if (typeof payment.amount === 'number' && payment.amount !== order.amountPaise) {
          log.error(
            { orderId, paid: payment.amount, expected: order.amountPaise },
            'payment webhook amount differs from the order: not marked paid',
          );
          return 'ignored';
        }
        const result = await this.orders.markPaid(orderId, payment.id, context, tx);
        if (result.outcome === 'closed') {
          log.error(
            { orderId, paymentId: payment.id, status: result.order.status },
            'payment webhook for a cancelled or refunded order: not applied, listed for a refund',
          );
        }
        if (result.outcome === 'conflict') {
          log.error(
            { orderId, paymentId: payment.id },
            'payment webhook: order already paid with another payment',
          );
        }
        return result.outcome === 'paid' ? 'processed' : 'ignored';
      }
      case 'payment.failed': {
        const reason =
          payment?.error_description ?? payment?.error_reason ?? payment?.error_code ?? 'Payment failed';
        return (await this.orders.markAttempted(orderId, reason, context, tx)) ? 'processed' : 'ignored';
      }
      default:
        return 'ignored';
    }
  }

  /** The sandbox provider, or a 404 when PAYMENT_PROVIDER is not sandbox. */
  private sandbox(): SandboxProvider {
    if (!this.sandboxProvider) throw notFound(PAYMENTS_MESSAGES.sandboxOff);
    return this.sandboxProvider;
  }

  private async sandboxOrder(orderId: string) {
    this.sandbox();
    const order = await this.orders.findByProviderOrderId(orderId);
    if (!order || order.provider !== 'sandbox') throw notFound(PAYMENTS_MESSAGES.orderNotFound);
    return order;
  }

  /** GET /api/sandbox/orders/:order_id: what the sandbox checkout shows. */
  async getSandboxOrder(orderId: string): Promise<SandboxOrder> {
    const order = presentOrder(await this.sandboxOrder(orderId));
    return {
      order_id: order.order_id,
      amount: order.amount,
      currency: order.currency,
      description: order.product,
      status: order.status,
    };
  }

  /**
   * POST /api/sandbox/orders/:order_id/pay. Success returns the signed handler response (the caller
   * then delivers the payment.captured webhook); failure records the attempt and throws 402 payment_failed.
   */
  async paySandboxOrder(
    orderId: string,
    outcome: SandboxPayBody['outcome'],
    context: AuditContext,
  ): Promise<SandboxPayment> {
    const sandbox = this.sandbox();
    const order = await this.sandboxOrder(orderId);
    if (order.status === 'paid') throw conflict(PAYMENTS_MESSAGES.alreadyPaid);
    if (order.status === 'cancelled' || order.status === 'refunded')
      throw conflict(PAYMENTS_MESSAGES.orderClosed);
    if (outcome === 'failure') {
      await this.orders.markAttempted(order.providerOrderId, SANDBOX_PAYMENT_FAILED.message, context);
      throw new HttpError(402, PAYMENT_ERROR.paymentFailed, SANDBOX_PAYMENT_FAILED.message);
    }
    const { paymentId, signature } = sandbox.capturePayment(order.providerOrderId);
    return {
      response: {
        razorpay_order_id: order.providerOrderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
      },
      amount: order.amountPaise,
      currency: order.currency,
      notes: order.notes ?? {},
    };
  }
}
