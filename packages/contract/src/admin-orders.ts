import { z } from 'zod';
import { adminSearchSchema } from './admin-assignments.ts';
import { pageQuerySchema } from './common.ts';
import { CONTACT_SUBJECT_VALUES, contactMessageSchema, ORDER_STATUSES } from './storefront.ts';

// The admin screens over storefront orders and contact messages (issue 10). Apart from storefront.ts, so
// that none of it is in the storefront's or /login's first load.

export const contactMessageResponseSchema = z.object({ contact_message: contactMessageSchema });

/**
 * GET /api/admin/orders: status filter; search by customer name or e-mail (case-insensitive substring),
 * or an exact order id or payment id.
 */
export const adminOrderListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  search: adminSearchSchema,
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** Contact messages waiting for an answer, or answered. */
export const CONTACT_MESSAGE_STATES = ['open', 'handled'] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];
/** GET /api/admin/contact-messages: open/handled filter; search by name, e-mail or message text. */
export const adminContactListQuerySchema = pageQuerySchema.extend({
  state: z.enum(CONTACT_MESSAGE_STATES).optional(),
  /** Only messages about this subject (the Quotes screen's leads: 'product-inquiry'). */
  subject: z.enum(CONTACT_SUBJECT_VALUES).optional(),
  search: adminSearchSchema,
});
export type AdminContactListQuery = z.output<typeof adminContactListQuerySchema>;
/** POST /api/admin/contact-messages/:id/handled {handled}: mark handled (true) or open again (false). */
export const contactHandledBodySchema = z.object({ handled: z.boolean().default(true) });
export type ContactHandledBody = z.output<typeof contactHandledBodySchema>;
