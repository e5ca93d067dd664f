import { Minus, Plus, ShoppingCart, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { MAX_CART_QUANTITY, formatInr } from '@isaac/contract';
import { buttonPrimary, dialogBackdrop, dialogPanel, focusRing, textLink } from '../components/ui';
import { cartCount, cartDetails, cartStore, cartSubtotalPaise } from './cart';
import { useCart } from './commerce-context';
import { Dialog } from '~/components/ui/Dialog';
import { STOREFRONT_PATHS } from '~/lib/paths';

const stepper = `inline-flex h-9 w-9 items-center justify-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 ${focusRing}`;

interface CartDrawerProps {
  onClose: () => void;
  onCheckout: () => void;
}

/** The cart: quantities, remove, subtotal and Checkout (the same purchase modal and payment flow). */
export default function CartDrawer({ onClose, onCheckout }: CartDrawerProps) {
  const lines = useCart();
  const titleId = useId();
  const details = cartDetails(lines);
  const count = cartCount(lines);

  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      placement="right"
      backdropClassName={dialogBackdrop}
      className={dialogPanel}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Your Cart {count > 0 && <span className="font-normal text-slate-500">({count})</span>}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close cart"
          className={`rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
        >
          <X aria-hidden="true" size={20} />
        </button>
      </div>

      {details.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-5 py-16 text-center">
          <ShoppingCart aria-hidden="true" size={40} className="text-slate-300" />
          <p className="font-medium text-slate-900">Your cart is empty</p>
          <Link to={STOREFRONT_PATHS.accessories} onClick={onClose} className={textLink}>
            Browse accessories
          </Link>
        </div>
      ) : (
        <>
          <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto px-5" aria-label="Cart items">
            {details.map((line) => (
              <li key={line.id} className="py-4">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <p className="font-medium text-slate-900">{line.item.name}</p>
                    <p className="text-sm text-slate-600">{formatInr(line.unitPaise)} each</p>
                  </div>
                  <p className="font-semibold text-slate-900">{formatInr(line.linePaise)}</p>
                </div>
                <div className="mt-3 flex items-center justify-between">
                  <div
                    className="flex items-center gap-2"
                    role="group"
                    aria-label={`Quantity of ${line.item.name}`}
                  >
                    <button
                      type="button"
                      className={stepper}
                      aria-label={`Decrease quantity of ${line.item.name}`}
                      disabled={line.quantity <= 1}
                      onClick={() => cartStore.setQuantity(line.id, line.quantity - 1)}
                    >
                      <Minus aria-hidden="true" size={16} />
                    </button>
                    <output className="w-8 text-center font-medium tabular-nums" aria-live="polite">
                      {line.quantity}
                    </output>
                    <button
                      type="button"
                      className={stepper}
                      aria-label={`Increase quantity of ${line.item.name}`}
                      disabled={line.quantity >= MAX_CART_QUANTITY}
                      onClick={() => cartStore.setQuantity(line.id, line.quantity + 1)}
                    >
                      <Plus aria-hidden="true" size={16} />
                    </button>
                  </div>
                  <button
                    type="button"
                    onClick={() => cartStore.remove(line.id)}
                    aria-label={`Remove ${line.item.name}`}
                    className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-red-50 hover:text-red-700 ${focusRing}`}
                  >
                    <Trash2 aria-hidden="true" size={16} /> Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-200 px-5 py-5">
            <p className="flex justify-between text-base font-semibold text-slate-900">
              <span>Subtotal</span>
              <span data-testid="cart-subtotal">{formatInr(cartSubtotalPaise(lines))}</span>
            </p>
            <button type="button" onClick={onCheckout} className={`${buttonPrimary} mt-4 w-full`}>
              Checkout
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
