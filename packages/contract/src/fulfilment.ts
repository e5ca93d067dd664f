import { z } from 'zod';
import { adminSearchSchema } from './admin-assignments.ts';
import { listResponseSchema, pageQuerySchema, personName, sortQueryShape } from './common.ts';
import { MIN_PASSWORD_LENGTH } from './constants.ts';
import { languageSchema } from './auth.ts';
import { MSG } from './messages.ts';
import { cartItemSchema, installationAddressSchema, orderSchema } from './storefront.ts';
import { OWNER_ORDER_SORTS } from './fulfilment-rules.ts';
import { INSTALLATION_JOB_SORTS, QUOTE_SORTS, OUTBOX_SORTS, OUTBOX_STATES } from './fulfilment-rules.ts';
import { INSTALLATION_JOB_STATES } from './fulfilment-rules.ts';

// From order to installed home (issue 15): installation addresses, installation jobs, invitations, quotes,
// refunds and the e-mail outbox. Apart from storefront.ts (which has the purchase form's installation address).

/** A calendar date `YYYY-MM-DD`. */
const calendarDate = z.iso.date('Choose a date');

// ---- Installation jobs (admin board) ----

export const installationJobSchema = z.object({
  _id: z.string(),
  state: z.enum(INSTALLATION_JOB_STATES),
  order_id: z.string(),
  product: z.string(),
  customer: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  address: installationAddressSchema,
  electrician: z.object({ _id: z.string(), name: z.string() }).nullable(),
  installation_date: z.string().nullable(),
  installation_id: z.string().nullable(),
  created_at: z.string(),
});
export type InstallationJob = z.infer<typeof installationJobSchema>;

export const installationJobBoardQuerySchema = z.object({
  ...sortQueryShape(INSTALLATION_JOB_SORTS, 'created_at', 'desc'),
  search: adminSearchSchema,
});
export type InstallationJobBoardQuery = z.output<typeof installationJobBoardQuerySchema>;

/** GET /api/admin/installation-jobs: every open job and the latest completed/cancelled, by state. */
export const installationJobBoardSchema = z.object({
  jobs: z.array(installationJobSchema),
  counts: z.record(z.enum(INSTALLATION_JOB_STATES), z.number().int()),
});
export type InstallationJobBoard = z.infer<typeof installationJobBoardSchema>;

/** POST /api/admin/installation-jobs/:id/assign: an electrician and a date (today or later). */
export const assignJobBodySchema = z.object({
  electrician_id: z.string().min(1, 'Choose an electrician'),
  installation_date: calendarDate,
});
export type AssignJobBody = z.input<typeof assignJobBodySchema>;

// ---- Owner orders ----

/** An owner's order with its installation (GET /api/orders). */
export const ownerOrderSchema = orderSchema.extend({
  needs_installation: z.boolean(),
  address: installationAddressSchema.nullable(),
  installation: z
    .object({
      state: z.enum(INSTALLATION_JOB_STATES),
      date: z.string().nullable(),
      electrician: z.string().nullable(),
      completed_at: z.string().nullable(),
    })
    .nullable(),
  refunded_at: z.string().nullable(),
});
export type OwnerOrder = z.infer<typeof ownerOrderSchema>;
export const ownerOrderListSchema = listResponseSchema('orders', ownerOrderSchema);
export type OwnerOrderList = z.infer<typeof ownerOrderListSchema>;
/** GET /api/orders: the owner's orders a page at a time, newest first by default. */
export const ownerOrderListQuerySchema = pageQuerySchema.extend(
  sortQueryShape(OWNER_ORDER_SORTS, 'created_at', 'desc'),
);
export type OwnerOrderListQuery = z.output<typeof ownerOrderListQuerySchema>;

// ---- Invitations ----

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;
/** POST /api/invitations/accept: the link's token and the new password (the sign-in policy). */
export const acceptInvitationBodySchema = z.object({
  token: z.string().min(16).max(200),
  password: z.string().min(1, MSG.passwordRequired).min(MIN_PASSWORD_LENGTH, MSG.passwordTooShort).max(200),
  /** The language the page was read in (ADR 073): the account's from now on, so its e-mails use it. */
  language: languageSchema.optional(),
});
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;
/** GET /api/invitations/:token: who it is for (to greet them), or 410 when used or expired. */
export const invitationSchema = z.object({ name: z.string(), email: z.string(), expires_at: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;
export const INVITATION_MSG = {
  invalid: 'This invitation link is not valid. Ask us for a new one.',
  used: 'This invitation link has already been used. Sign in with your password.',
  expired: 'This invitation link has expired. Ask us for a new one.',
  accepted: 'Your password is set. Sign in to see your orders.',
} as const;

// ---- Quotes ----

export const QUOTE_STATES = ['sent', 'paid', 'expired', 'cancelled'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

/** POST /api/admin/quotes: line items from the catalog (any price kind), the package price, valid until. */
export const createQuoteBodySchema = z.object({
  contact_message_id: z.string().min(1).optional(),
  customer_name: personName('Name is required', 100),
  customer_email: z.string().trim().max(254).pipe(z.email('Invalid email address')),
  customer_phone: z.string().trim().max(32).default(''),
  items: z.array(cartItemSchema).min(1, 'Add at least one item').max(50),
  amount: z.number().int().positive('Enter the package price'),
  valid_until: calendarDate,
  note: z.string().trim().max(1000).default(''),
});
export type CreateQuoteBody = z.input<typeof createQuoteBodySchema>;

const quoteLineSchema = z.object({ id: z.string(), name: z.string(), quantity: z.number().int() });
export const quoteSchema = z.object({
  _id: z.string(),
  number: z.string(),
  state: z.enum(QUOTE_STATES),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  items: z.array(quoteLineSchema),
  amount: z.number().int(),
  valid_until: z.string(),
  note: z.string(),
  needs_installation: z.boolean(),
  contact_message_id: z.string().nullable(),
  order_id: z.string().nullable(),
  created_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = listResponseSchema('quotes', quoteSchema);
export type QuoteList = z.infer<typeof quoteListSchema>;
/** GET /api/admin/quotes: newest first by default; search the number, the customer's name or e-mail. */
export const quoteListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(QUOTE_SORTS, 'created_at', 'desc'),
  search: adminSearchSchema,
});
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>;
/** POST /api/admin/quotes (201) and POST /api/admin/quotes/:id/cancel: what happened, and the quote. */
export const quoteResponseSchema = z.object({ message: z.string(), quote: quoteSchema });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** GET /api/quotes/:token (the customer's quote page). */
export const publicQuoteSchema = quoteSchema.omit({ contact_message_id: true, _id: true });
export type PublicQuote = z.infer<typeof publicQuoteSchema>;
/** POST /api/quotes/:token/order: the installation address when the quote needs one. */
export const quoteOrderBodySchema = z.object({ address: installationAddressSchema.optional() });
export type QuoteOrderBody = z.input<typeof quoteOrderBodySchema>;

// ---- Refunds and cancellations ----

/** POST /api/admin/orders/:id/refund (a paid order) or /cancel (an unpaid one). */
export const orderActionBodySchema = z.object({ reason: z.string().trim().max(200).default('') });
export type OrderActionBody = z.input<typeof orderActionBodySchema>;
/** What an order action answers: what happened, and the order as it is now. */
export const orderActionResponseSchema = z.object({ message: z.string(), order: orderSchema });
export type OrderActionResponse = z.infer<typeof orderActionResponseSchema>;

// ---- E-mail outbox ----

export const EMAIL_KINDS = [
  'order_confirmation',
  'invitation',
  'installation_scheduled',
  'installation_completed',
  'quote',
  /** A notification the person chose to get by e-mail (issue 33). */
  'notification',
  /** An invitation to a home (issue 32, ADR 069): a single-use link. */
  'home_invitation',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const outboxMessageSchema = z.object({
  _id: z.string(),
  kind: z.enum(EMAIL_KINDS),
  to: z.string(),
  subject: z.string(),
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
/** GET /api/admin/outbox: state filter; search a substring of the recipient or the subject; sort. */
export const outboxListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(OUTBOX_SORTS, 'created_at', 'desc'),
  state: z.enum(OUTBOX_STATES).optional(),
  search: adminSearchSchema,
});
export type OutboxListQuery = z.output<typeof outboxListQuerySchema>;
export const outboxListSchema = z.object({
  messages: z.array(outboxMessageSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** Whether SMTP_URL is set (else messages stay here and in the log). */
  delivering: z.boolean(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;
/** GET /api/admin/outbox/:id: the message with its rendered bodies. */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({ html: z.string(), text: z.string() });
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;
