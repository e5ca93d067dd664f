import { useSyncExternalStore } from 'react';
import { TOAST_DURATION_MS } from '@isaac/contract';
import { toastModule } from '~/lib/toast';

/**
 * Where toasts appear (spec section 9: top-right, 4 s; success toasts the library's 2 s). Mounted by the
 * root on every page, it renders nothing until the first toast has loaded react-hot-toast (~/lib/toast).
 */
export function ToastViewport() {
  const hot = useSyncExternalStore(toastModule.subscribe, toastModule.get, toastModule.getServer);
  if (!hot) return null;
  const { Toaster } = hot;
  return (
    <Toaster
      position="top-right"
      toastOptions={{ duration: TOAST_DURATION_MS, success: { duration: 2000 } }}
    />
  );
}
