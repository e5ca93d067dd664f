/** Storefront commerce: what the public pages place (catalog prices come from @isaac/contract). */
export { CommerceProvider, useCart, useCommerce, preloadCommerce } from './commerce-context';
export { BuyNowButton } from './BuyNowButton';
export { AddToCartButton } from './AddToCartButton';
export { CartButton } from './CartButton';
export { ContactForm } from './ContactForm';
export { NewsletterForm } from './NewsletterForm';
export type { PurchaseTarget } from './payment-flow';
