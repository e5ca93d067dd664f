import { ShoppingCart } from 'lucide-react';
import { cx } from '~/components/ui/cx';
import { useHydrated } from '~/lib/use-hydrated';
import { focusRing } from '../components/ui';
import { cartCount } from './cart';
import { preloadCommerce, useCart, useCommerce } from './commerce-context';

/** Header cart icon with the item count; opens the cart drawer. */
export function CartButton({ className }: { className?: string }) {
  const { openCart } = useCommerce();
  const hydrated = useHydrated();
  const count = cartCount(useCart());
  return (
    <button
      type="button"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      aria-haspopup="dialog"
      disabled={!hydrated}
      onPointerEnter={preloadCommerce}
      onFocus={preloadCommerce}
      onClick={openCart}
      className={cx(
        'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-white hover:bg-white/10',
        focusRing,
        className,
      )}
    >
      <ShoppingCart aria-hidden="true" size={22} />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-sky-500 px-1 text-xs font-bold text-slate-950"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
