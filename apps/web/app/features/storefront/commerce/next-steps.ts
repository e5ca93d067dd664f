import type { VerifyPaymentResponse } from '@isaac/contract';
import { STOREFRONT_PATHS } from '~/lib/paths';

/**
 * What the payment-success page says happens next follows what was bought (issue 30): items our
 * electricians install (Lumos switches, packages, a quote) bring a technician's visit; the purifier, the
 * sensor, accessories and filters are set up by the buyer. The verified payment says which
 * (`installation`), and the page reads it from its address: `?order=…&setup=visit|self`.
 */
export type SetupKind = 'visit' | 'self';

const SETUP_PARAM = 'setup';

export const CONFIRMATION_STEP = 'You will receive an order confirmation and receipt by e-mail.';

export const NEXT_STEPS: Record<SetupKind, readonly string[]> = {
  visit: [
    CONFIRMATION_STEP,
    'Our installation team will contact you within 24 hours to schedule a visit.',
    'A certified technician installs and sets up your devices, and shows you the app.',
    'Track your devices and air quality from your owner dashboard.',
  ],
  self: [
    CONFIRMATION_STEP,
    'We dispatch your order, and an e-mail invites you to set the password of your Isaac account.',
    'When it arrives, plug it in, sign in and add it in your owner dashboard with the serial number on its label; the app walks you through connecting it to your Wi-Fi.',
    'Track your air quality from your owner dashboard. Need a hand setting up? Our team is a call away.',
  ],
};

/** Where a verified payment goes: the success page, naming the order and how it is set up. */
export function paymentSuccessPath(result: Pick<VerifyPaymentResponse, 'order_id' | 'installation'>): string {
  const query = new URLSearchParams({
    order: result.order_id,
    [SETUP_PARAM]: result.installation ? 'visit' : 'self',
  });
  return `${STOREFRONT_PATHS.paymentSuccess}?${query.toString()}`;
}

/** How the paid order is set up, from the page's query; an address without it reads as a visit (the old link). */
export function setupKindOf(params: URLSearchParams): SetupKind {
  return params.get(SETUP_PARAM) === 'self' ? 'self' : 'visit';
}
