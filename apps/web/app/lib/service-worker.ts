/** The app's service worker (apps/web/pwa/sw.ts, built to /sw.js): offline app shell and Web Push. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the service worker for the whole site (ADR 070), once the page has loaded, in a production
 * build only (the dev server has no /sw.js). Web Push subscribes through the same registration
 * (features/notifications/model/push.ts registers the same URL and scope, which returns it).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
