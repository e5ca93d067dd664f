import { Link } from 'react-router';
import { findCatalogItem, isCardPurchasable, quoteRequestHref } from '@isaac/contract';
import { cx } from '~/components/ui/cx';
import { useHydrated } from '~/lib/use-hydrated';
import { buttonPrimary } from '../components/ui';
import { preloadCommerce, useCommerce } from './commerce-context';

interface BuyNowButtonProps {
  productId: string;
  className?: string;
  /** Button text for card-purchasable items (default 'Buy Now'). */
  label?: string;
  /** Accessible name when the visible label alone is ambiguous (e.g. 'Buy ISAAC now'). */
  'aria-label'?: string;
}

/**
 * Buy Now: opens the purchase modal for a fixed-price item. 'From …' and 'Custom Quote' items are
 * never sold by card: they get a 'Request a Quote' link to the contact form, preselected.
 */
export function BuyNowButton({
  productId,
  className,
  label = 'Buy Now',
  'aria-label': ariaLabel,
}: BuyNowButtonProps) {
  const { openPurchase } = useCommerce();
  // Inert until hydrated (the prerendered button cannot open anything yet).
  const hydrated = useHydrated();
  const item = findCatalogItem(productId);
  if (!item) return null;
  if (!isCardPurchasable(item)) {
    return (
      <Link to={quoteRequestHref(item.id)} className={cx(buttonPrimary, className)}>
        Request a Quote<span className="sr-only"> for {item.name}</span>
      </Link>
    );
  }
  return (
    <button
      type="button"
      aria-label={ariaLabel}
      aria-haspopup="dialog"
      disabled={!hydrated}
      onPointerEnter={preloadCommerce}
      onFocus={preloadCommerce}
      onClick={() => openPurchase({ kind: 'item', id: item.id })}
      className={cx(buttonPrimary, className)}
    >
      {label}
    </button>
  );
}
