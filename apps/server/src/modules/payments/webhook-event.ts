import { createHash } from 'node:crypto';
import { z } from 'zod';

/**
 * The parts of a Razorpay webhook event the server reads (payment.captured, order.paid,
 * payment.failed). Anything else in the body is kept in payment_events.payload as received.
 */
const paymentEntitySchema = z.object({
  id: z.string().min(1),
  order_id: z.string().nullish(),
  amount: z.number().int().nullish(),
  currency: z.string().nullish(),
  status: z.string().nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
  error_reason: z.string().nullish(),
});

const orderEntitySchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().nullish(),
  amount_paid: z.number().int().nullish(),
  status: z.string().nullish(),
});

export const webhookEventSchema = z.object({
  id: z.string().min(1).max(200).optional(),
  event: z.string().min(1).max(100),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntitySchema }).optional(),
      order: z.object({ entity: orderEntitySchema }).optional(),
    })
    .default({}),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const HANDLED_EVENTS = ['payment.captured', 'order.paid', 'payment.failed'] as const;

/**
 * The event's id for de-duplication: the X-Razorpay-Event-Id header, else the payload's `id`, else a
 * digest of the raw body (a byte-identical redelivery is still the same event).
 */
export function webhookEventId(header: string | undefined, event: WebhookEvent, rawBody: Buffer): string {
  const fromHeader = header?.trim();
  if (fromHeader) return fromHeader.slice(0, 200);
  if (event.id) return event.id;
  return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}
