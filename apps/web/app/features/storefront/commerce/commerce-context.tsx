import {
  createContext,
  lazy,
  Suspense,
  use,
  useCallback,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import type { VerifyPaymentResponse } from '@isaac/contract';
import { cartStore, type CartLine } from './cart';
import { paymentSuccessPath } from './next-steps';
import type { PurchaseTarget } from './payment-flow';

const loadPurchaseModal = () => import('./PurchaseModal');
const loadCartDrawer = () => import('./CartDrawer');
const PurchaseModal = lazy(loadPurchaseModal);
const CartDrawer = lazy(loadCartDrawer);

/** Starts fetching the purchase modal and cart drawer chunks (on hover or focus of a button). */
export function preloadCommerce(): void {
  void loadPurchaseModal();
  void loadCartDrawer();
}

interface CommerceContextValue {
  openPurchase: (target: PurchaseTarget) => void;
  openCart: () => void;
}

const CommerceContext = createContext<CommerceContextValue | null>(null);

/**
 * Wraps the public pages: hosts the purchase modal and the cart drawer (both loaded on first use)
 * and sends a verified payment to /payment-success.
 */
export function CommerceProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [purchase, setPurchase] = useState<PurchaseTarget | null>(null);
  const [cartOpen, setCartOpen] = useState(false);

  const value = useMemo<CommerceContextValue>(
    () => ({
      openPurchase: (target) => {
        setCartOpen(false);
        setPurchase(target);
      },
      openCart: () => setCartOpen(true),
    }),
    [],
  );

  const onVerified = useCallback(
    (target: PurchaseTarget, result: VerifyPaymentResponse) => {
      if (target.kind === 'cart') cartStore.clear();
      void navigate(paymentSuccessPath(result));
    },
    [navigate],
  );

  return (
    <CommerceContext value={value}>
      {children}
      <Suspense fallback={null}>
        {purchase && (
          <PurchaseModal
            target={purchase}
            onClose={() => setPurchase(null)}
            onVerified={(result) => onVerified(purchase, result)}
          />
        )}
        {cartOpen && (
          <CartDrawer
            onClose={() => setCartOpen(false)}
            onCheckout={() => value.openPurchase({ kind: 'cart' })}
          />
        )}
      </Suspense>
    </CommerceContext>
  );
}

export function useCommerce(): CommerceContextValue {
  const context = use(CommerceContext);
  if (!context) throw new Error('Commerce components must be placed inside <CommerceProvider>');
  return context;
}

/** The cart lines (empty in the prerendered HTML; the stored cart after hydration). */
export function useCart(): readonly CartLine[] {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getSnapshot, cartStore.getServerSnapshot);
}
