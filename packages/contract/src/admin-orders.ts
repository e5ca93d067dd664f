import { z } from 'zod';
import { adminSearchSchema } from './admin-assignments.ts';
import { pageQuerySchema, sortQueryShape } from './common.ts';
import { CONTACT_SUBJECT_VALUES, contactMessageSchema } from './storefront.ts';
import { ORDER_STATUSES } from './fulfilment-rules.ts';
import { ADMIN_ORDER_SORTS, CONTACT_MESSAGE_SORTS, CONTACT_MESSAGE_STATES } from './admin-rules.ts';
import { LATE_CAPTURE_REASONS } from './admin-rules.ts';

// The admin screens over storefront orders and contact messages (issue 10). Apart from storefront.ts, so
// that none of it is in the storefront's or /login's first load.

export const contactMessageResponseSchema = z.object({ contact_message: contactMessageSchema });

export const adminOrderListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(ADMIN_ORDER_SORTS, 'created_at', 'desc'),
  status: z.enum(ORDER_STATUSES).optional(),
  search: adminSearchSchema,
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** GET /api/admin/contact-messages: open/handled filter; search by name, e-mail or message text. */
export const adminContactListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(CONTACT_MESSAGE_SORTS, 'created_at', 'desc'),
  state: z.enum(CONTACT_MESSAGE_STATES).optional(),
  /** Only messages about this subject (the Quotes screen's leads: 'product-inquiry'). */
  subject: z.enum(CONTACT_SUBJECT_VALUES).optional(),
  search: adminSearchSchema,
});
export type AdminContactListQuery = z.output<typeof adminContactListQuerySchema>;
/** POST /api/admin/contact-messages/:id/handled {handled}: mark handled (true) or open again (false). */
export const contactHandledBodySchema = z.object({ handled: z.boolean().default(true) });
export type ContactHandledBody = z.output<typeof contactHandledBodySchema>;

// ---- Payments captured after the order closed (issue 29) ----

export const lateCaptureSchema = z.object({
  _id: z.string(),
  order_id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  reason: z.enum(LATE_CAPTURE_REASONS),
  /** The order's status when the payment was captured. */
  order_status: z.enum(ORDER_STATUSES),
  customer_name: z.string(),
  customer_email: z.string(),
  captured_at: z.string(),
  refund_id: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type LateCapture = z.infer<typeof lateCaptureSchema>;

/** GET /api/admin/late-captures: those still to refund first, then the refunded, newest first. */
export const lateCaptureListSchema = z.object({
  late_captures: z.array(lateCaptureSchema),
  open: z.number().int(),
});
export type LateCaptureList = z.infer<typeof lateCaptureListSchema>;
export const lateCaptureResponseSchema = z.object({ message: z.string(), late_capture: lateCaptureSchema });
export type LateCaptureResponse = z.infer<typeof lateCaptureResponseSchema>;
