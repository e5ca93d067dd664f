import { MSG } from '@isaac/contract';

/** The error create-order raises on a non-OK answer (spec section 7): 'Order creation failed: {status}'. */
export function orderCreationFailed(status: number): Error {
  return new Error(`Order creation failed: ${status}`);
}

/** The error raised when a checkout script (or the sandbox checkout chunk) cannot be loaded. */
export function checkoutScriptFailed(provider: string): Error {
  return new Error(`Failed to load ${provider} checkout script`);
}

/** Spec section 8 "Payment": what the buyer is told when a payment cannot be started. */
export function paymentErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (message.includes('Order creation failed')) return MSG.paymentOrderFailed;
  if (/Failed to load.*script/.test(message)) return MSG.paymentScriptFailed;
  if (message.includes('400')) return MSG.paymentInvalid;
  return MSG.paymentDefault;
}
