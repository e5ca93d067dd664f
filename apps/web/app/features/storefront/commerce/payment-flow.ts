import { toast } from '~/lib/toast';
import {
  CURRENCY,
  STOREFRONT_MSG,
  findCatalogItem,
  type CreateOrderBody,
  type CreateOrderResponse,
  type InstallationAddress,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@isaac/contract';
import { createOrder } from './api/create-order';
import { verifyPayment } from './api/verify-payment';
import { cartCount, cartSubtotalPaise, type CartLine } from './cart';
import { loadCheckout, type CheckoutOptions } from './checkout';

/** What the purchase modal sells: one catalog item (Buy Now) or the whole cart. */
export type PurchaseTarget = { kind: 'item'; id: string } | { kind: 'cart' };

export interface Customer {
  name: string;
  email: string;
  phone: string;
}

export const CHECKOUT_THEME_COLOR = '#0369a1';

export function cartLabel(lines: readonly CartLine[]): string {
  const count = cartCount(lines);
  return `Cart: ${count} ${count === 1 ? 'item' : 'items'}`;
}

/**
 * The create-order body (spec section 7): amount in paise from the catalog, INR, `receipt_<timestamp>`,
 * notes naming the product and the buyer; a cart also sends its catalog ids with quantities.
 */
export function buildOrderBody(
  target: PurchaseTarget,
  lines: readonly CartLine[],
  customer: Customer,
  now: number = Date.now(),
): CreateOrderBody {
  const notes = {
    product: '',
    customer_name: customer.name.trim(),
    customer_email: customer.email.trim(),
    customer_phone: customer.phone.trim(),
  };
  const base = { currency: CURRENCY, receipt: `receipt_${now}` } as const;
  if (target.kind === 'cart') {
    return {
      ...base,
      amount: cartSubtotalPaise(lines),
      notes: { ...notes, product: cartLabel(lines) },
      items: lines.map((line) => ({ id: line.id, quantity: line.quantity })),
    };
  }
  const item = findCatalogItem(target.id);
  if (!item || item.price.kind !== 'fixed') throw new Error(`${target.id} cannot be bought by card`);
  return { ...base, amount: item.price.paise, notes: { ...notes, product: item.name } };
}

export function checkoutOptions(
  order: CreateOrderResponse,
  body: Pick<CreateOrderBody, 'notes'>,
  handlers: Pick<CheckoutOptions, 'handler' | 'modal'>,
): CheckoutOptions {
  const notes: Record<string, string> = {
    product: body.notes.product,
    customer_name: body.notes.customer_name,
    customer_email: body.notes.customer_email,
    customer_phone: body.notes.customer_phone ?? '',
  };
  return {
    key: order.key_id,
    amount: order.amount,
    currency: order.currency,
    name: order.business_name,
    description: body.notes.product,
    order_id: order.order_id,
    prefill: {
      name: notes.customer_name ?? '',
      email: notes.customer_email ?? '',
      contact: notes.customer_phone ?? '',
    },
    notes,
    theme: { color: CHECKOUT_THEME_COLOR },
    ...handlers,
  };
}

/** Sends the checkout's success response to the server; only a verified answer counts as paid. */
export async function confirmPayment(
  response: VerifyPaymentBody,
  orderId: string,
  onVerified: (result: VerifyPaymentResponse) => void,
): Promise<void> {
  const pending = toast.loading('Confirming your payment…');
  try {
    const result = await verifyPayment(response);
    if (result.status !== 'paid') throw new Error('Payment not verified');
    toast.dismiss(pending);
    onVerified(result);
  } catch {
    toast.error(STOREFRONT_MSG.paymentNotConfirmed(orderId), { id: pending, duration: 10_000 });
  }
}

interface CheckoutCallbacks {
  /** Called with the verified payment (navigate to /payment-success, empty the cart). */
  onVerified: (result: VerifyPaymentResponse) => void;
  /** Called right before the checkout opens (the purchase modal closes). */
  onCheckoutOpen: () => void;
}

export interface StartPaymentInput extends CheckoutCallbacks {
  target: PurchaseTarget;
  lines: readonly CartLine[];
  customer: Customer;
  /** Where the installation happens (an item needs one, issue 15) or the goods go (a signed-in buyer). */
  address?: InstallationAddress;
  addressKind?: 'installation' | 'delivery';
}

/**
 * Create the order on the server, load the provider's checkout and open it. Rejects (and opens no
 * payment) when the order cannot be created or the checkout cannot be loaded; map the error with
 * paymentErrorMessage.
 */
export async function startPayment(input: StartPaymentInput): Promise<void> {
  const body = buildOrderBody(input.target, input.lines, input.customer);
  if (input.address && input.addressKind === 'delivery') body.delivery_address = input.address;
  else if (input.address) body.installation_address = input.address;
  const order = await createOrder(body);
  await openCheckout(order, body, input);
}

/**
 * Loads the provider's checkout for an order the server created (from the catalog, or from a quote) and
 * opens it; `body` names the product and the buyer as the checkout shows them.
 */
export async function openCheckout(
  order: CreateOrderResponse,
  body: Pick<CreateOrderBody, 'notes'>,
  input: CheckoutCallbacks,
): Promise<void> {
  const Checkout = await loadCheckout(order.provider);
  const checkout = new Checkout(
    checkoutOptions(order, body, {
      handler: (response) => void confirmPayment(response, order.order_id, input.onVerified),
      // Dismissal does nothing further (spec section 4): the order stays unpaid.
      modal: { ondismiss: () => undefined },
    }),
  );
  checkout.on('payment.failed', () => {
    toast.error(STOREFRONT_MSG.paymentFailed);
  });
  input.onCheckoutOpen();
  checkout.open();
}
