import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@isaac/contract';
import { toastModule } from '~/lib/toast';

/** The height of the storefront's and the dashboards' header (Tailwind h-16). */
const HEADER_HEIGHT_PX = 64;
/** Toasts start this far below the header, so they never cover its cart icon, "Get Isaac" or the menu. */
const GAP_PX = 8;

/**
 * Where toasts appear (spec section 9: top-right, 4 s; success toasts the library's 2 s), below the header
 * (issue 30). Mounted by the root on every page, it renders nothing until the first toast has loaded
 * react-hot-toast (~/lib/toast).
 */
export function ToastViewport() {
  const hot = useSyncExternalStore(toastModule.subscribe, toastModule.get, toastModule.getServer);
  if (!hot) return null;
  const { Toaster } = hot;
  return (
    <Toaster
      position="top-right"
      containerClassName="toast-viewport"
      containerStyle={{ top: HEADER_HEIGHT_PX + GAP_PX }}
      toastOptions={{ duration: TOAST_DURATION_MS, success: { duration: 2000 } }}
    />
  );
}
