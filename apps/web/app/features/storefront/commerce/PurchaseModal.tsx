import { Lock, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { toast } from '~/lib/toast';
import {
  MSG,
  anyNeedsInstallation,
  findCatalogItem,
  formatInr,
  priceLabel,
  type InstallationAddress,
  type VerifyPaymentResponse,
} from '@isaac/contract';
import { buttonPrimary, dialogBackdrop, dialogPanel, focusRing } from '../components/ui';
import { cartDetails, cartSubtotalPaise } from './cart';
import { useCart } from './commerce-context';
import { Dialog } from '~/components/ui/Dialog';
import { useAuth } from '~/lib/auth';
import { paymentErrorMessage } from './payment-errors';
import { cartLabel, startPayment, type PurchaseTarget } from './payment-flow';

interface PurchaseModalProps {
  target: PurchaseTarget;
  onClose: () => void;
  onVerified: (result: VerifyPaymentResponse) => void;
}

const input = `mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-400 focus:border-sky-600 ${focusRing}`;
const label = 'block text-sm font-medium text-slate-800';

function OrderSummary({ target }: { target: PurchaseTarget }) {
  const lines = useCart();
  if (target.kind === 'item') {
    const item = findCatalogItem(target.id);
    if (!item) return null;
    return (
      <div className="flex items-baseline justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3">
        <div>
          <p className="font-semibold text-slate-900">{item.name}</p>
          {item.kind === 'product' && <p className="text-sm text-slate-600">{item.category}</p>}
        </div>
        <p className="text-lg font-bold text-slate-900">{priceLabel(item.price)}</p>
      </div>
    );
  }
  const details = cartDetails(lines);
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <p className="font-semibold text-slate-900">{cartLabel(lines)}</p>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {details.map((line) => (
          <li key={line.id} className="flex justify-between gap-4">
            <span>
              {line.item.name} × {line.quantity}
            </span>
            <span>{formatInr(line.linePaise)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-semibold text-slate-900">
        <span>Total</span>
        <span>{formatInr(cartSubtotalPaise(lines))}</span>
      </p>
    </div>
  );
}

/** The installation address's first problem (the server checks the same with installationAddressSchema). */
export function addressError(address: InstallationAddress): string | null {
  if (!address.city.trim()) return 'City is required';
  if (!/^\d{6}$/.test(address.pincode.trim())) return 'Pincode must be 6 digits';
  if (!address.address.trim()) return 'Address is required';
  return null;
}

/**
 * The purchase modal (spec sections 4 and 5): name and e-mail required, phone optional; for items our
 * electricians install, the installation address too (issue 15).
 */
export default function PurchaseModal({ target, onClose, onVerified }: PurchaseModalProps) {
  const lines = useCart();
  const titleId = useId();
  const errorId = useId();
  const fieldId = useId();
  // A signed-in buyer (an owner reordering a filter, issue 33) starts from their own details.
  const { user } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState(user?.mobile ?? '');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [address, setAddress] = useState<InstallationAddress>({
    city: user?.location?.city ?? '',
    pincode: user?.location?.pincode ?? '',
    address: user?.location?.address ?? '',
  });
  const emptyCart = target.kind === 'cart' && lines.length === 0;
  const installed = anyNeedsInstallation(target.kind === 'item' ? [target.id] : lines.map((line) => line.id));
  // Installed items need the installation address; a signed-in buyer's goods are delivered to theirs.
  const addressKind = installed ? 'installation' : user ? 'delivery' : null;
  const setAddressField = (field: keyof InstallationAddress) => (value: string) =>
    setAddress((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!name.trim() || !email.trim()) {
      setError(MSG.purchaseRequired);
      return;
    }
    const invalidAddress = addressKind ? addressError(address) : null;
    if (invalidAddress) {
      setError(invalidAddress);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await startPayment({
        target,
        lines,
        customer: { name, email, phone },
        ...(addressKind
          ? {
              address: {
                city: address.city.trim(),
                pincode: address.pincode.trim(),
                address: address.address.trim(),
              },
              addressKind,
            }
          : {}),
        onVerified,
        // The modal closes once the payment opens (spec section 4); focus goes back to the opener first.
        onCheckoutOpen: () => flushSync(onClose),
      });
    } catch (err) {
      toast.error(paymentErrorMessage(err));
      setSubmitting(false);
    }
  };

  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      backdropClassName={dialogBackdrop}
      className={`${dialogPanel} sm:max-w-md`}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Complete your purchase
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className={`rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
        >
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <form
        onSubmit={onSubmit}
        className="space-y-4 px-5 py-5"
        aria-describedby={error ? errorId : undefined}
      >
        <OrderSummary target={target} />
        <div>
          <label htmlFor={`${fieldId}-name`} className={label}>
            Full Name <span aria-hidden="true">*</span>
          </label>
          <input
            id={`${fieldId}-name`}
            name="name"
            autoComplete="name"
            aria-required="true"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${fieldId}-email`} className={label}>
            Email <span aria-hidden="true">*</span>
          </label>
          <input
            id={`${fieldId}-email`}
            name="email"
            type="email"
            autoComplete="email"
            aria-required="true"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${fieldId}-phone`} className={label}>
            Phone <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <input
            id={`${fieldId}-phone`}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            className={input}
          />
        </div>
        {addressKind && (
          <fieldset className="space-y-3 rounded-xl border border-slate-200 px-4 pb-4 pt-2">
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {addressKind === 'installation' ? 'Installation address' : 'Delivery address'}
            </legend>
            <p className="text-sm text-slate-600">
              {addressKind === 'installation'
                ? 'Our electrician installs this at your home.'
                : 'We deliver your order here.'}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <div>
                <label htmlFor={`${fieldId}-city`} className={label}>
                  City <span aria-hidden="true">*</span>
                </label>
                <input
                  id={`${fieldId}-city`}
                  name="city"
                  autoComplete="address-level2"
                  aria-required="true"
                  value={address.city}
                  onChange={(event) => setAddressField('city')(event.target.value)}
                  className={input}
                />
              </div>
              <div>
                <label htmlFor={`${fieldId}-pincode`} className={label}>
                  Pincode <span aria-hidden="true">*</span>
                </label>
                <input
                  id={`${fieldId}-pincode`}
                  name="pincode"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={6}
                  aria-required="true"
                  value={address.pincode}
                  onChange={(event) => setAddressField('pincode')(event.target.value)}
                  className={input}
                />
              </div>
            </div>
            <div>
              <label htmlFor={`${fieldId}-address`} className={label}>
                Address <span aria-hidden="true">*</span>
              </label>
              <textarea
                id={`${fieldId}-address`}
                name="address"
                rows={2}
                autoComplete="street-address"
                aria-required="true"
                value={address.address}
                onChange={(event) => setAddressField('address')(event.target.value)}
                className={input}
              />
            </div>
          </fieldset>
        )}
        {error && (
          <p
            id={errorId}
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          >
            {error}
          </p>
        )}
        {emptyCart && <p className="text-sm text-slate-600">Your cart is empty.</p>}
        <button
          type="submit"
          disabled={submitting || emptyCart}
          className={`${buttonPrimary} w-full disabled:opacity-60`}
        >
          {submitting ? 'Processing...' : 'Proceed to Payment'}
        </button>
        <p className="flex items-center justify-center gap-1.5 text-xs text-slate-500">
          <Lock aria-hidden="true" size={14} /> Payments are processed securely. We never see your card
          details.
        </p>
      </form>
    </Dialog>
  );
}
