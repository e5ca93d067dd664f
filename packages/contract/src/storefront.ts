import { z } from 'zod';
import { listResponseSchema, personName } from './common.ts';
import { CONTACT_SUBJECTS, CURRENCY } from './constants.ts';
import { MAX_CART_LINES, MAX_CART_QUANTITY } from './catalog.ts';
import { ORDER_STATUSES, type OrderStatus } from './fulfilment-rules.ts';

/**
 * Storefront calls (spec section 7 "Storefront", issue 3): orders and payments, the sandbox
 * checkout, contact and newsletter. The server validates with these schemas; the web builds its
 * bodies with the same types.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * THE order lifecycle (issue 29): for each status, the statuses an order may reach it from. The server's
 * UPDATEs carry `WHERE status IN (ORDER_TRANSITIONS[to])`, so no path (checkout, webhook, admin) can move an
 * order otherwise: a failed or captured payment changes only an open order (`created`, `attempted`); a
 * refunded or cancelled order is closed for good (a payment captured for it is recorded for a refund, never
 * applied).
 */
export const ORDER_TRANSITIONS = {
  created: [],
  attempted: ['created', 'attempted'],
  paid: ['created', 'attempted'],
  cancelled: ['created', 'attempted'],
  refunded: ['paid'],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** The statuses an order may move to `to` from (ORDER_TRANSITIONS). */
export function orderStatusesBefore(to: OrderStatus): readonly OrderStatus[] {
  return ORDER_TRANSITIONS[to];
}

/** Whether an order may move from `from` to `to`. */
export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return (ORDER_TRANSITIONS[to] as readonly OrderStatus[]).includes(from);
}

/** Statuses in which an order is closed: nothing changes it any more. */
export const CLOSED_ORDER_STATUSES = ['cancelled', 'refunded'] as const satisfies readonly OrderStatus[];

const customerName = personName('Name is required', 100);
const customerEmail = z.string().trim().max(254).pipe(z.email('Invalid email address'));

export const cartItemSchema = z.object({
  id: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(MAX_CART_QUANTITY),
});
export type CartItemInput = z.infer<typeof cartItemSchema>;

/** Where an installation happens (asked by the purchase form only for items that need installation). */
export const installationAddressSchema = z.object({
  city: z.string().trim().min(1, 'City is required').max(80),
  pincode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Pincode must be 6 digits'),
  address: z.string().trim().min(1, 'Address is required').max(300),
});
export type InstallationAddress = z.infer<typeof installationAddressSchema>;

/** POST /api/create-order. `amount` is in paise and must equal the server's catalog amount. */
export const createOrderBodySchema = z.object({
  amount: z.number().int().positive(),
  currency: z.literal(CURRENCY),
  receipt: z.string().min(1).max(40),
  notes: z.object({
    /** The catalog name of the product, or 'Cart: n items' for a cart checkout. */
    product: z.string().trim().min(1).max(200),
    customer_name: customerName,
    customer_email: customerEmail,
    customer_phone: z.string().trim().max(32).default(''),
  }),
  /** Cart checkout: catalog ids with quantities (then `notes.product` is only a label). */
  items: z.array(cartItemSchema).min(1).max(MAX_CART_LINES).optional(),
  /** Required when an item needs installation (the server checks it against the catalog). */
  installation_address: installationAddressSchema.optional(),
  /**
   * Where the goods go (a signed-in owner's replacement filter: their address filled in, issue 33); an order
   * with an installation is delivered to its installation address when this is left out.
   */
  delivery_address: installationAddressSchema.optional(),
});
export type CreateOrderBody = z.input<typeof createOrderBodySchema>;

export const createOrderResponseSchema = z.object({
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
  /** Public key id for the checkout (the sandbox's own id in sandbox mode). */
  key_id: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  business_name: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

/** What the checkout's success handler receives, and the body of POST /api/verify-payment. */
export const verifyPaymentBodySchema = z.object({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

export const verifyPaymentResponseSchema = z.object({
  status: z.literal('paid'),
  order_id: z.string(),
  payment_id: z.string(),
  /** Whether our electricians install what was bought (a technician's visit follows) or it sets up itself. */
  installation: z.boolean(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** GET /api/sandbox/orders/:order_id */
export const sandboxOrderParamsSchema = z.object({ order_id: z.string().min(1).max(100) });
export const sandboxOrderSchema = z.object({
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
  description: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type SandboxOrder = z.infer<typeof sandboxOrderSchema>;

/** POST /api/sandbox/orders/:order_id/pay: success answers 200 with the signed handler response. */
export const sandboxPayBodySchema = z.object({ outcome: z.enum(['success', 'failure']) });
export type SandboxPayBody = z.infer<typeof sandboxPayBodySchema>;
export const sandboxPaySuccessSchema = verifyPaymentBodySchema;
/** A simulated failure answers 402 with this body. */
export const SANDBOX_PAYMENT_FAILED = {
  error: 'payment_failed',
  message: 'Payment declined by the bank (sandbox simulation).',
} as const;
export const sandboxPayFailureSchema = z.object({ error: z.literal('payment_failed'), message: z.string() });

/** POST /api/contact → 201 `{message}`. `website` is a honeypot: humans leave it empty. */
export const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  (typeof CONTACT_SUBJECTS)[number]['value'],
  ...(typeof CONTACT_SUBJECTS)[number]['value'][],
];
export const contactBodySchema = z.object({
  name: customerName,
  email: customerEmail,
  subject: z.enum(CONTACT_SUBJECT_VALUES),
  message: z.string().trim().min(1, 'Message is required').max(5000),
  website: z.string().max(200).optional(),
});
export type ContactBody = z.input<typeof contactBodySchema>;

/** POST /api/newsletter → 201 `{message}` (200 with ALREADY_SUBSCRIBED when the e-mail is known). */
export const newsletterBodySchema = z.object({ email: customerEmail });
export type NewsletterBody = z.infer<typeof newsletterBodySchema>;

/** An order as the admin API presents it (GET /api/admin/orders). */
export const orderSchema = z.object({
  _id: z.string(),
  order_id: z.string(),
  receipt: z.string(),
  amount: z.number().int(),
  currency: z.literal(CURRENCY),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  product: z.string(),
  items: z.array(cartItemSchema.extend({ name: z.string(), unit_amount: z.number().int() })),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  payment_id: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = listResponseSchema('orders', orderSchema);
export type OrderList = z.infer<typeof orderListSchema>;

/** A stored contact message as the admin API presents it (GET /api/admin/contact-messages). */
export const contactMessageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.enum(CONTACT_SUBJECT_VALUES),
  message: z.string(),
  created_at: z.string(),
  /** When an admin marked it handled (null while it waits), and who. */
  handled_at: z.string().nullable(),
  handled_by: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageListSchema = listResponseSchema('contact_messages', contactMessageSchema);
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;
