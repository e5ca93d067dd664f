import {
  installationAddressSchema,
  QUOTE_MSG,
  type InstallationAddress,
  type QuoteState,
} from '@isaac/contract';
import { ApiError } from '~/lib/api-client';

export type AddressField = keyof InstallationAddress;
export type AddressErrors = Partial<Record<AddressField, string>>;

const ADDRESS_FIELDS: readonly AddressField[] = ['city', 'pincode', 'address'];

/** What the quote page says instead of the Pay button when the quote can no longer be paid. */
export const CLOSED_QUOTE_MESSAGES: Record<Exclude<QuoteState, 'sent'>, { title: string; text: string }> = {
  expired: { title: 'This quote has expired', text: QUOTE_MSG.expired },
  paid: { title: 'This quote is paid', text: QUOTE_MSG.paid },
  cancelled: { title: 'This quote was withdrawn', text: QUOTE_MSG.cancelled },
};

/**
 * The installation address checked with the contract's rules (the server's): the trimmed address, or the
 * first message of each field that is wrong.
 */
export function checkAddress(
  address: InstallationAddress,
): { ok: true; address: InstallationAddress } | { ok: false; errors: AddressErrors } {
  const parsed = installationAddressSchema.safeParse(address);
  if (parsed.success) return { ok: true, address: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = ADDRESS_FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The address fields a refused order names (`address.pincode` → pincode). */
export function serverAddressErrors(error: unknown): AddressErrors {
  const errors: AddressErrors = {};
  if (!(error instanceof ApiError) || error.status !== 400 || !error.details) return errors;
  for (const detail of error.details) {
    const [first, second] = detail.path.replace(/^body[./]/, '').split(/[./]/);
    const field = ADDRESS_FIELDS.find((name) => name === second);
    if (first === 'address' && field && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

/** The state a refusal to take a payment reveals: 409 paid, 410 withdrawn or expired; null for others. */
export function closedStateOf(error: unknown): Exclude<QuoteState, 'sent'> | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return 'paid';
  if (error.status === 410) return error.serverMessage === QUOTE_MSG.cancelled ? 'cancelled' : 'expired';
  return null;
}
