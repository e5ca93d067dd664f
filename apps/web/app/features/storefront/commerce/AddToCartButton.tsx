import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '~/lib/toast';
import { MAX_CART_QUANTITY, findCatalogItem, isCardPurchasable, quoteRequestHref } from '@isaac/contract';
import { cx } from '~/components/ui/cx';
import { useHydrated } from '~/lib/use-hydrated';
import { buttonPrimary } from '../components/ui';
import { cartStore } from './cart';
import { preloadCommerce } from './commerce-context';

interface AddToCartButtonProps {
  itemId: string;
  className?: string;
  label?: string;
  'aria-label'?: string;
}

/** Adds one of a card-purchasable item to the cart (quote-only items get a quote link instead). */
export function AddToCartButton({
  itemId,
  className,
  label = 'Add to Cart',
  'aria-label': ariaLabel,
}: AddToCartButtonProps) {
  const hydrated = useHydrated();
  const item = findCatalogItem(itemId);
  if (!item) return null;
  if (!isCardPurchasable(item)) {
    return (
      <Link to={quoteRequestHref(item.id)} className={cx(buttonPrimary, className)}>
        Request a Quote<span className="sr-only"> for {item.name}</span>
      </Link>
    );
  }
  const add = () => {
    const before = cartStore.getSnapshot().find((line) => line.id === item.id)?.quantity ?? 0;
    cartStore.add(item.id);
    const after = cartStore.getSnapshot().find((line) => line.id === item.id)?.quantity ?? 0;
    if (after > before) toast.success(`${item.name} added to cart`, { id: `cart-${item.id}` });
    else
      toast.error(`You can order at most ${MAX_CART_QUANTITY} of ${item.name}.`, { id: `cart-${item.id}` });
  };
  return (
    <button
      type="button"
      aria-label={ariaLabel}
      disabled={!hydrated}
      onPointerEnter={preloadCommerce}
      onClick={add}
      className={cx(buttonPrimary, className)}
    >
      <ShoppingCart aria-hidden="true" size={16} />
      {label}
    </button>
  );
}
