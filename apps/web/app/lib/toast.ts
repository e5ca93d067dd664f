/**
 * Toasts (react-hot-toast, spec section 9: top-right, 4 s), loaded on first use.
 *
 * Every toast in the app goes through this module rather than importing react-hot-toast, so the library
 * (and its <Toaster>, mounted by <ToastViewport> in the root) is not part of a page's first-load
 * JavaScript: a storefront visitor who never adds to the cart never downloads it. The first toast waits
 * for the chunk (a few milliseconds, cached afterwards); react-hot-toast keeps toasts raised before the
 * viewport mounts and shows them when it does.
 */
import type * as HotToastModuleType from 'react-hot-toast';
import type { ToastOptions } from 'react-hot-toast';

type HotToastModule = typeof HotToastModuleType;
type HotToast = HotToastModule['default'];

let loadedModule: HotToastModule | undefined;
let loading: Promise<HotToast> | undefined;
const listeners = new Set<() => void>();

/** Loads react-hot-toast once (a failed load may be retried). */
export function loadToast(): Promise<HotToast> {
  loading ??= import('react-hot-toast').then(
    (module) => {
      loadedModule = module;
      for (const listener of listeners) listener();
      return module.default;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** For useSyncExternalStore: the loaded library (undefined until the first toast). */
export const toastModule = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): HotToastModule | undefined => loadedModule,
  getServer: (): HotToastModule | undefined => undefined,
};

function run(action: (hot: HotToast) => void): void {
  if (loadedModule) {
    action(loadedModule.default);
    return;
  }
  loadToast().then(action, (error: unknown) => {
    // A toast is feedback, never a reason to fail the action that raised it.
    console.error('Could not load the notifications module', error);
  });
}

let nextId = 0;

/** Raises a toast of `kind` and returns its id (given, or a new one) to replace or dismiss it later. */
function show(kind: 'blank' | 'success' | 'error' | 'loading', message: string, options?: ToastOptions) {
  const id = options?.id ?? `toast-${++nextId}`;
  run((hot) => (kind === 'blank' ? hot : hot[kind])(message, { ...options, id }));
  return id;
}

export const toast = {
  /** A plain toast (react-hot-toast's `toast(message)`), e.g. with an `icon`. */
  info: (message: string, options?: ToastOptions): string => show('blank', message, options),
  success: (message: string, options?: ToastOptions): string => show('success', message, options),
  error: (message: string, options?: ToastOptions): string => show('error', message, options),
  /** A toast that stays until dismissed (or replaced by a success/error with the same id). */
  loading: (message: string, options?: ToastOptions): string => show('loading', message, options),
  dismiss(id?: string): void {
    run((hot) => hot.dismiss(id));
  },
};
