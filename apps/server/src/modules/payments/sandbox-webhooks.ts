import type { FastifyBaseLogger } from 'fastify';
import type { SandboxProvider } from './sandbox.ts';
import type { SandboxPayment } from './service.ts';
import { providerStyleId } from './signatures.ts';

export const WEBHOOK_PATH = '/api/payments/webhook';
/** Delivery attempts of one sandbox webhook (the delay doubles after each failed attempt). */
export const SANDBOX_WEBHOOK_ATTEMPTS = 3;

/** Sends a request to this API in-process (Fastify's inject) and returns its status. */
export type InProcessPost = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

/**
 * Like Razorpay, the sandbox tells the server about a captured payment by a signed webhook, delivered
 * asynchronously after `delayMs` through the very same route (`POST /api/payments/webhook`, raw body
 * signed with the webhook secret). So an order whose buyer's browser dies between paying and
 * verifying still becomes paid. Pending deliveries are cancelled when the app closes.
 */
export class SandboxWebhookSender {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly provider: SandboxProvider,
    private readonly post: InProcessPost,
    private readonly delayMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  /** Schedules the `payment.captured` event of a successful sandbox payment. */
  paymentCaptured(payment: SandboxPayment): void {
    const createdAt = Math.floor(this.now().getTime() / 1000);
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: payment.response.razorpay_payment_id,
            entity: 'payment',
            amount: payment.amount,
            currency: payment.currency,
            status: 'captured',
            order_id: payment.response.razorpay_order_id,
            method: 'card',
            captured: true,
            email: payment.notes.customer_email ?? '',
            contact: payment.notes.customer_phone ?? '',
            notes: payment.notes,
            created_at: createdAt,
          },
        },
      },
      created_at: createdAt,
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': this.provider.signWebhook(body),
      'x-razorpay-event-id': providerStyleId('evt'),
    };
    this.schedule(body, headers, 1, this.delayMs);
  }

  private schedule(body: string, headers: Record<string, string>, attempt: number, delay: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const delivery = this.deliver(body, headers, attempt, delay).finally(() =>
        this.inFlight.delete(delivery),
      );
      this.inFlight.add(delivery);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  private async deliver(
    body: string,
    headers: Record<string, string>,
    attempt: number,
    delay: number,
  ): Promise<void> {
    const eventId = headers['x-razorpay-event-id'];
    let status: number;
    try {
      status = await this.post(WEBHOOK_PATH, headers, body);
    } catch (error) {
      this.log.error({ err: error, eventId }, 'sandbox webhook delivery failed');
      status = 0;
    }
    if (status >= 200 && status < 300) return;
    if (attempt < SANDBOX_WEBHOOK_ATTEMPTS) {
      this.log.warn({ eventId, status, attempt }, 'sandbox webhook not accepted: retrying');
      this.schedule(body, headers, attempt + 1, Math.max(delay * 2, 100));
    } else {
      this.log.error({ eventId, status }, 'sandbox webhook not accepted: giving up');
    }
  }

  /** Cancels pending deliveries and waits for those already running. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }
}
